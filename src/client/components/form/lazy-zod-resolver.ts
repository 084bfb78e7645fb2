import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { networkErrorMessage } from '#client/lib/api-client.ts';
import { formMessageKey } from './apply-api-error.ts';

/** A shared zod schema as the resolver needs it (type only: this file imports no zod). */
interface ZodSchema<Output, Input> {
  _zod: { output: Output; input: Input };
}

/**
 * react-hook-form's zod resolver for a schema that is loaded on first validation
 * (`lazyZodResolver(() => import('#shared/…').then((m) => m.schema))`): the page is drawn without
 * zod (~25 KB gzip), which arrives with the form's first check (a submit, or a field's check once
 * the form re-validates). The rules and their Finnish messages stay the shared schema's.
 */
export function lazyZodResolver<Input extends FieldValues, Output = Input>(
  load: () => Promise<ZodSchema<Output, Input>>,
): Resolver<Input, unknown, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    loading ??= load().then((schema) => zodResolver(schema) as Resolver<Input, unknown, Output>);
    let resolve: Resolver<Input, unknown, Output>;
    try {
      resolve = await loading;
    } catch {
      // The schema's code did not arrive (offline): say so on the form; the next check tries again.
      loading = undefined;
      const errors: FieldErrors<Input> = {};
      errors.root = { [formMessageKey]: { type: 'network', message: networkErrorMessage } };
      return { values: {}, errors };
    }
    return resolve(values, context, options);
  };
}
