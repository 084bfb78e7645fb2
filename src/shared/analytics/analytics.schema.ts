import { z } from 'zod';

// The analytics event shape of spec 01 §3. The client sends these only with analytics consent.
const analyticsCategories = ['user', 'search', 'error', 'navigation', 'view', 'submit'] as const;
const analyticsActions = [
  'login',
  'signup',
  'search_events',
  'profile_complete',
  'begin_checkout',
  'ticket_error',
  'purchase_success',
  'page_view',
] as const;

export const analyticsEventSchema = z.object({
  category: z.enum(analyticsCategories, { error: 'Tuntematon tapahtumaluokka' }),
  action: z.enum(analyticsActions, { error: 'Tuntematon toiminto' }),
  label: z.string().max(200, 'Nimike voi olla enintään 200 merkkiä').optional(),
  value: z.number({ error: 'Arvon tulee olla luku' }).optional(),
  metadata: z
    .record(z.string().max(50), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((record) => Object.keys(record).length <= 20, 'Enintään 20 lisätietoa')
    .optional(),
});

export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
