import { accountKeys } from '#client/lib/account-keys.ts';

// Every query key of the complaints feature. Under the signed-in user's keys and keyed by the user:
// a complaint's texts and files are dropped with the rest of the user's data at sign-out or
// another sign-in, and a page open at that moment asks again as the new user.

export const complaintKeys = {
  all: [...accountKeys.all, 'complaints'] as const,
  ofUser: (userId: string) => [...complaintKeys.all, userId] as const,
  mine: (userId: string) => [...complaintKeys.ofUser(userId), 'mine'] as const,
  view: (userId: string, ticketId: string) => [...complaintKeys.ofUser(userId), 'view', ticketId] as const,
};
