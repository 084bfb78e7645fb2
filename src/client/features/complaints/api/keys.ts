import { accountKeys } from '#client/lib/account-keys.ts';

// Every query key of the complaints feature. Under the signed-in user's keys: a complaint's texts
// and files are dropped with the rest of the user's data at sign-out or another sign-in.

export const complaintKeys = {
  all: [...accountKeys.all, 'complaints'] as const,
  mine: () => [...complaintKeys.all, 'mine'] as const,
  view: (ticketId: string) => [...complaintKeys.all, 'view', ticketId] as const,
};
