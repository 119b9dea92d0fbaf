/**
 * Six invoices as Drizzle returns them from PostgreSQL: camelCase fields, `Date` instants (one
 * with milliseconds, which count as the second they fall in), the due date as text.
 */
import type { Invoice } from './tables.js';

export const CUSTOMER_ACME = '3f2b8c1e-5a4d-4e7f-9b6a-1c2d3e4f5a6b';
export const CUSTOMER_GLOBEX = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

export const INVOICES: readonly Invoice[] = [
  { id: '0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f70', customerId: CUSTOMER_ACME, invoiceNumber: 'INV-2025-001', status: 'paid', amountDue: 1250.5,
    issuedAt: new Date('2025-01-02T09:00:00Z'), paidAt: new Date('2025-01-20T16:45:10.750Z'), dueOn: '2025-02-01' },
  { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', customerId: CUSTOMER_ACME, invoiceNumber: 'INV-2025-002', status: 'open', amountDue: 99.99,
    issuedAt: new Date('2025-02-03T10:30:00Z'), paidAt: null, dueOn: '2025-03-05' },
  { id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', customerId: CUSTOMER_GLOBEX, invoiceNumber: 'INV-2025-003', status: 'open', amountDue: 18000,
    issuedAt: new Date('2025-02-28T23:59:59.999Z'), paidAt: null, dueOn: null },
  { id: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f', customerId: CUSTOMER_GLOBEX, invoiceNumber: 'INV-2025-004', status: 'void', amountDue: 0,
    issuedAt: new Date('2025-03-01T00:00:00Z'), paidAt: null, dueOn: '2025-03-31' },
  { id: '4d5e6f7a-8b9c-4d0e-9f2a-3b4c5d6e7f80', customerId: CUSTOMER_ACME, invoiceNumber: 'INV-2025-005', status: 'paid', amountDue: 0.1,
    issuedAt: new Date('2025-03-15T08:00:00Z'), paidAt: new Date('2025-03-15T08:00:00.400Z'), dueOn: '2025-04-14' },
  { id: '5e6f7a8b-9c0d-4e1f-8a3b-4c5d6e7f8091', customerId: CUSTOMER_GLOBEX, invoiceNumber: 'inv-2025-006', status: 'draft', amountDue: 250,
    issuedAt: new Date('2024-12-31T23:00:00Z'), paidAt: null, dueOn: null },
];
