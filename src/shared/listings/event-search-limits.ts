// The longest search text (spec 02 §7), apart from the schemas so the wizard's search field checks
// it without loading zod.
export const eventSearchMaxLength = 100;
