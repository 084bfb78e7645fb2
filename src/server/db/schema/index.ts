// The whole schema for drizzle-kit and the typed client. (A schema index is the one place a
// re-export file is needed: drizzle needs every table in one object.)
export * from './accounts.ts';
export * from './admin.ts';
export * from './complaints.ts';
export * from './contact.ts';
export * from './listings.ts';
export * from './payouts.ts';
export * from './platform.ts';
export * from './purchases.ts';
