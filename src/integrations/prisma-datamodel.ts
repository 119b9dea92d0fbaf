/**
 * A Prisma schema as tql reads it (prisma-schema-file.ts): the datasource's provider, the models
 * with their fields, and the enums. Only what filtering needs: no defaults, no indexes.
 */

/** Prisma's scalar types (https://www.prisma.io/docs/orm/reference/prisma-schema-reference#model-field-scalar-types). */
export const PRISMA_SCALARS = ['String', 'Boolean', 'Int', 'BigInt', 'Float', 'Decimal', 'DateTime', 'Json', 'Bytes'] as const;
/** One of {@link PRISMA_SCALARS}. */
export type PrismaScalar = (typeof PRISMA_SCALARS)[number];

/** The datasource providers whose SQL tql knows how Prisma writes. */
export const PRISMA_PROVIDERS = ['postgresql', 'sqlite', 'mysql', 'cockroachdb', 'sqlserver', 'mongodb'] as const;
/** One of {@link PRISMA_PROVIDERS}. */
export type PrismaProvider = (typeof PRISMA_PROVIDERS)[number];

/**
 * One field of a model: a scalar (`native` is its native type, `Uuid` of `@db.Uuid`), an enum
 * (`type` names it), an object (`type` names a model, for a relation, or a composite type, for
 * an embedded document), or `Unsupported("…")` (`type` is the database type it names).
 */
export type PrismaField =
  | (PrismaFieldBase & { readonly kind: 'scalar'; readonly type: PrismaScalar; readonly native?: string | undefined })
  | (PrismaFieldBase & { readonly kind: 'enum'; readonly type: string })
  | (PrismaFieldBase & { readonly kind: 'object'; readonly type: string })
  | (PrismaFieldBase & { readonly kind: 'unsupported'; readonly type: string });

/** What every kind of field has. */
export interface PrismaFieldBase {
  /** The field's name in the client and in the rows it returns (`createdAt`). */
  readonly name: string;
  /** The column's name: `@map("created_at")`, else the field's name. */
  readonly dbName: string;
  /** `String?`: the value may be null. */
  readonly optional: boolean;
  /** `String[]`: a scalar list, or for an object field a to-many relation. */
  readonly list: boolean;
  /** `@id`, or the only field of `@@id([…])`. */
  readonly id: boolean;
}

/** A model (or view). */
export interface PrismaModel {
  /** The model's name (`User`): the client's `prisma.user`. */
  readonly name: string;
  /** The table's name: `@@map("users")`, else the model's name. */
  readonly dbName: string;
  readonly fields: readonly PrismaField[];
}

/** An enum and its values as the client gives them. */
export interface PrismaEnum {
  readonly name: string;
  readonly values: readonly string[];
}

/** A whole schema file. */
export interface PrismaDatamodel {
  readonly provider: PrismaProvider;
  readonly models: readonly PrismaModel[];
  readonly enums: readonly PrismaEnum[];
}
