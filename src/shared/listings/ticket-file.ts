// What the upload check finds in a ticket PDF that a ticket never needs (docs/decisions/018):
// JavaScript and Launch actions are refused at upload; embedded files are shown to the reviewer.
export const activeContentKinds = ['javascript', 'launch', 'embedded_files'] as const;
export type ActiveContent = (typeof activeContentKinds)[number];
