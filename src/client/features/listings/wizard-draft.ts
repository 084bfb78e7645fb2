import { safeSessionStorage, storageKeys } from '#client/lib/storage-keys.ts';
import type { ListingFormInput } from '#shared/listings/listing.schema.ts';

// The sell wizard's draft (spec 02 §3 "Form draft"): the typed values, the step and the steps done,
// in session storage under the signed-in user's id, so a reload keeps everything typed. Files are
// never kept: a browser cannot put them back.

export interface WizardDraft {
  formData: ListingFormInput;
  activeStep: number;
  completedSteps: number[];
  /** The id of this listing's submission: sent again after a failure, it creates nothing twice. */
  submissionId: string;
}

const key = (userId: string) => `${storageKeys.sellDraftPrefix}${userId}`;

export function loadDraft(userId: string): WizardDraft | undefined {
  const stored = safeSessionStorage.get(key(userId));
  if (!stored) return undefined;
  try {
    const draft = JSON.parse(stored) as Partial<WizardDraft>;
    if (
      typeof draft.formData !== 'object' ||
      draft.formData === null ||
      typeof draft.submissionId !== 'string'
    )
      return undefined;
    return {
      formData: draft.formData,
      activeStep: typeof draft.activeStep === 'number' ? draft.activeStep : 0,
      completedSteps: Array.isArray(draft.completedSteps)
        ? draft.completedSteps.filter(Number.isInteger)
        : [],
      submissionId: draft.submissionId,
    };
  } catch {
    return undefined;
  }
}

export function saveDraft(userId: string, draft: WizardDraft): void {
  safeSessionStorage.set(key(userId), JSON.stringify(draft));
}

export function clearDraft(userId: string): void {
  safeSessionStorage.remove(key(userId));
}
