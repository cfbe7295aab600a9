import { functionSchema } from '@canteiro/shared/domain';
import type { FunctionInput, FunctionItem } from '@canteiro/shared/domain';
import { functions } from '../db/schema/catalogue.js';
import { byName, hierarchyResource } from './hierarchy-resource.js';

/** /api/functions: a trade of the crews a reporter sees (pedreiro, servente, …). */

export const functionsResource = hierarchyResource<FunctionItem, FunctionInput>('function', {
  ...byName(functions.name),
  schema: functionSchema,
  fileName: { 'pt-BR': 'funcoes', 'en-US': 'functions' },
});
