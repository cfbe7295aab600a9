import * as v from 'valibot';
import { fieldErrors, loginSchema } from '@canteiro/shared/domain';
import type { LoginInput } from '@canteiro/shared/domain';

export type LoginField = keyof LoginInput;

/** The login's values by the shared schema: what to send, or a code per field (as the server words them). */
export function checkLogin(
  values: LoginInput,
): { ok: true; output: LoginInput } | { ok: false; issues: Partial<Record<LoginField, string>> } {
  const result = v.safeParse(loginSchema, values);
  return result.success ? { ok: true, output: result.output } : { ok: false, issues: fieldErrors(result.issues) };
}
