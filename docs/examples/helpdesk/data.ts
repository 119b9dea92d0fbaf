/** A few tickets as the API returns them: timestamps in Unix seconds, comments inside each ticket. */
export interface Comment {
  readonly id: string;
  readonly visibility: 'public' | 'internal';
  readonly author_id: string;
  readonly body: string;
}

export interface Ticket {
  readonly id: string;
  readonly subject: string;
  readonly priority: 'low' | 'normal' | 'high' | 'urgent';
  readonly escalated: boolean;
  readonly opened_at: number;
  readonly closed_at: number | null;
  readonly assignee_id: string | null;
  readonly hours_spent: number | null;
  readonly comments: readonly Comment[];
}

const day = 86_400;
const jan1 = 1_735_689_600; // 2025-01-01T00:00Z

export const TICKETS: readonly Ticket[] = [
  { id: 'tkt_1', subject: 'Printer on fire', priority: 'urgent', escalated: true, opened_at: jan1, closed_at: jan1 + day, assignee_id: 'usr_ana', hours_spent: 2.5,
    comments: [{ id: 'cmt_1', visibility: 'public', author_id: 'usr_bo', body: 'Smoke on floor 3' }, { id: 'cmt_2', visibility: 'internal', author_id: 'usr_ana', body: 'Called facilities' }] },
  { id: 'tkt_2', subject: 'Password reset', priority: 'low', escalated: false, opened_at: jan1 + 2 * day, closed_at: null, assignee_id: null, hours_spent: null, comments: [] },
  { id: 'tkt_3', subject: 'VPN drops every hour', priority: 'high', escalated: false, opened_at: jan1 + 3 * day, closed_at: null, assignee_id: 'usr_cy', hours_spent: 0.25,
    comments: [{ id: 'cmt_3', visibility: 'internal', author_id: 'usr_bo', body: 'Same for me' }] },
  { id: 'tkt_4', subject: 'Out of paper (printer 2)', priority: 'normal', escalated: false, opened_at: jan1 + 4 * day, closed_at: null, assignee_id: 'usr_ana', hours_spent: 0,
    comments: [{ id: 'cmt_4', visibility: 'public', author_id: 'usr_dee', body: 'Still empty' }] },
  { id: 'tkt_5', subject: 'Laptop fan noise', priority: 'normal', escalated: true, opened_at: jan1 + 5 * day, closed_at: jan1 + 9 * day, assignee_id: 'usr_cy', hours_spent: 12, comments: [] },
];
