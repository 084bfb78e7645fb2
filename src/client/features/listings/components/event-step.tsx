import Stack from '@mui/material/Stack';
import { Controller, useWatch } from 'react-hook-form';
import { FormTextField } from '#client/components/form/form-fields.tsx';
import { sellingText } from '#client/i18n/fi/selling.ts';
import { defaultImageForEvent, type EventTypeCode } from '#shared/categories.ts';
import { EventSearchField } from './event-search-field.tsx';
import type { ListingForm } from './listing-steps.tsx';

// The wizard's first step, apart from the later steps (listing-steps.tsx), which the wizard loads
// after its first paint.

const f = sellingText.wizard.fields;

/** Step 1, Tapahtumatiedot: the event search fills the rest when an event is chosen. */
export function EventStep({ form }: { form: ListingForm }) {
  const eventType = useWatch({ control: form.control, name: 'eventType' });
  return (
    <Stack spacing={2.5}>
      <Controller
        control={form.control}
        name="eventName"
        render={({ field, fieldState }) => (
          <EventSearchField
            name={field.name}
            inputRef={field.ref}
            value={field.value ?? ''}
            required
            error={fieldState.error?.message}
            onBlur={field.onBlur}
            onChange={(name) => {
              field.onChange(name);
              form.clearErrors('eventName');
              if (name.trim() === '') {
                // A cleared name forgets the event's picture; a chosen type brings its own (spec 02 §4).
                const type = eventType as EventTypeCode | undefined;
                form.setValue('eventImage', type ? defaultImageForEvent(type, '') : '');
                form.setValue('imageSource', type ? 'default' : null);
              }
            }}
            onPick={(fields) => {
              const { eventImage, imageSource, eventType: pickedType, ...rest } = fields;
              for (const [key, value] of Object.entries(rest)) {
                if (value !== undefined)
                  form.setValue(key as keyof typeof rest, value, { shouldValidate: true });
              }
              if (pickedType) form.setValue('eventType', pickedType);
              if (eventImage) {
                form.setValue('eventImage', eventImage);
                form.setValue('imageSource', imageSource ?? 'api');
              }
            }}
          />
        )}
      />
      <FormTextField form={form} name="location" label={f.location} required autoComplete="off" />
      <FormTextField form={form} name="eventVenue" label={f.eventVenue} required autoComplete="off" />
    </Stack>
  );
}
