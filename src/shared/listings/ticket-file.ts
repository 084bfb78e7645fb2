// What the upload check finds in a ticket PDF that a ticket never needs (docs/decisions/018):
// JavaScript, Launch actions and forms that send their fields somewhere are refused at upload;
// embedded files are shown to the reviewer.
export const activeContentKinds = ['javascript', 'launch', 'submit_form', 'embedded_files'] as const;
export type ActiveContent = (typeof activeContentKinds)[number];
