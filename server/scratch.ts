import * as v from 'valibot';
import { loginRequestSchema, changePasswordSchema } from '@canteiro/shared/domain';
const r = v.safeParse(loginRequestSchema, { password: 'x' });
console.log(JSON.stringify(r.issues?.map(i => ({ kind: i.kind, type: i.type, input: i.input, expected: i.expected, msg: i.message, path: i.path?.map(p => p.key) }))));
const r2 = v.safeParse(changePasswordSchema, { current_password: 'abcde', new_password: 'abcdef', confirm_password: 'abcdeg' });
console.log(JSON.stringify(r2.issues?.map(i => ({ kind: i.kind, type: i.type, msg: i.message, path: i.path?.map(p => p.key) }))));
const r3 = v.safeParse(loginRequestSchema, 'str');
console.log(JSON.stringify(r3.issues?.map(i => ({ kind: i.kind, type: i.type, msg: i.message, path: i.path?.map(p => p.key) }))));
