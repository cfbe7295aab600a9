import { functionSchema } from '@canteiro/shared/domain';
import type { FunctionItem } from '@canteiro/shared/domain';
import { namedResource } from './catalogue-resource';

/** A trade of the contract's crews (spec §3): pedreiro, servente, carpinteiro. */
export const functionResource = namedResource<FunctionItem>('function', functionSchema);
