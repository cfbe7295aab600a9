import type { MeasureUnit } from '@canteiro/shared/domain';

/**
 * DOMAIN.md §4, as numbers: what crews do (by trade, hour and weekday), how waste splits
 * over the occurrences of the demo list (organisation-data.ts), which trades work on which
 * package, and the equipment's working/idle/down shares. generate.ts draws from these.
 */

/** Value-adding / hidden waste / evident waste shares of each trade (DOMAIN.md §4). */
export const FUNCTION_SHARES: ReadonlyMap<string, readonly [number, number, number]> = new Map([
  ['pedreiro', [0.5, 0.3, 0.2]],
  ['servente', [0.25, 0.5, 0.25]],
  ['carpinteiro', [0.45, 0.35, 0.2]],
  ['armador', [0.5, 0.3, 0.2]],
  ['eletricista', [0.4, 0.35, 0.25]],
  ['encanador', [0.4, 0.35, 0.25]],
  ['pintor', [0.48, 0.3, 0.22]],
]);
/** A trade the list does not know (a user-made function): the average of the seven. */
export const DEFAULT_SHARES: readonly [number, number, number] = [0.44, 0.34, 0.22];

export const sharesOf = (functionName: string): readonly [number, number, number] =>
  FUNCTION_SHARES.get(functionName.trim().toLowerCase()) ?? DEFAULT_SHARES;

/** Multiplier on the value-adding share by hour of the day (07h … 16h; no 12h: lunch). */
export function hourMultiplier(hour: number): number {
  if (hour <= 7) return 0.6;
  if (hour <= 10) return 1.15;
  if (hour === 11) return 0.8;
  if (hour === 13) return 0.75;
  if (hour <= 15) return 1.1;
  return 0.7;
}

/** Multiplier on the value-adding share by ISO weekday (Mon 0.95, Tue–Thu 1.05, Fri 0.92, Sat 0.85). */
export function weekdayMultiplier(weekday: number): number {
  if (weekday === 1) return 0.95;
  if (weekday <= 4) return 1.05;
  if (weekday === 5) return 0.92;
  return 0.85;
}

/** Value-adding points gained per week since the first week (the slow improvement). */
export const WEEKLY_IMPROVEMENT = 0.005;
/** Extra share of "waiting for material" on the three shortage days. */
export const SHORTAGE_EXTRA = 0.15;
export const SHORTAGE_DAYS = 3;

export interface OccurrenceWeight {
  /** The name in the demo occurrence list (organisation-data.ts). */
  name: string;
  weight: number;
}

/** Value-adding work: mostly the task itself, some of it operating a machine. */
export const VALUE_ADDING: readonly OccurrenceWeight[] = [
  { name: 'Execução do serviço', weight: 92 },
  { name: 'Operação de equipamento', weight: 8 },
];

/**
 * Hidden waste (DOMAIN.md §4): moving material 35, preparation 20, cleaning 10,
 * instructions 10, fetching tools 10, measuring 10, safety talk 5.
 */
export const HIDDEN_WASTE: readonly OccurrenceWeight[] = [
  { name: 'Transporte de material', weight: 35 },
  { name: 'Preparação do serviço', weight: 20 },
  { name: 'Limpeza', weight: 10 },
  { name: 'Recebendo instruções', weight: 10 },
  { name: 'Buscando ferramentas', weight: 10 },
  { name: 'Medição', weight: 10 },
  { name: 'Diálogo de segurança', weight: 5 },
];

/**
 * Evident waste (DOMAIN.md §4): waiting for material 30, idle 20, chatting 15, walking
 * empty 12, rework 10, waiting for equipment 8, absent 5. The demo list's other evident
 * occurrences (work front, late start, rain) stay available to reporters but the
 * generator does not draw them.
 */
export const EVIDENT_WASTE: readonly OccurrenceWeight[] = [
  { name: 'Aguardando material', weight: 30 },
  { name: 'Ocioso', weight: 20 },
  { name: 'Conversando', weight: 15 },
  { name: 'Deslocamento sem carga', weight: 12 },
  { name: 'Retrabalho', weight: 10 },
  { name: 'Aguardando equipamento', weight: 8 },
  { name: 'Ausente', weight: 5 },
];

export const WAITING_FOR_MATERIAL = 'Aguardando material';

/** A few things reporters write on waste rows (notes), by occurrence. */
export const NOTES: ReadonlyMap<string, readonly string[]> = new Map([
  ['Aguardando material', ['Aguardando entrega de blocos', 'Falta de argamassa no pavimento', 'Caminhão atrasado']],
  ['Aguardando equipamento', ['Grua ocupada com outra frente', 'Elevador de carga parado']],
  ['Retrabalho', ['Refazendo prumo', 'Correção após vistoria']],
  ['Ocioso', ['Equipe sem frente liberada']],
  ['Transporte de material', ['Material descarregado longe da frente']],
]);
/** Share of waste rows that carry a note. */
export const NOTE_SHARE = 0.08;

/**
 * Helpers' crews per activity: a servente crew on about one activity in three. With more,
 * the serventes' 25 % would pull the overall value-adding share well under DOMAIN.md's ~44 %.
 */
const SERVENTE = 0.3;

/**
 * The trades a package employs, with how many crews of each work on one activity (before
 * the scale factor); a fraction is the share of activities that have that crew. A package
 * the model does not know gets two of the contract's trades.
 */
export const CREWS_OF_PACKAGE: ReadonlyMap<string, readonly (readonly [string, number])[]> = new Map<
  string,
  readonly (readonly [string, number])[]
>([
  [
    'formas',
    [
      ['carpinteiro', 2],
      ['servente', SERVENTE],
    ],
  ],
  [
    'armação',
    [
      ['armador', 2],
      ['servente', SERVENTE],
    ],
  ],
  [
    'concretagem',
    [
      ['pedreiro', 2],
      ['carpinteiro', 0.5],
      ['servente', SERVENTE],
    ],
  ],
  [
    'alvenaria de vedação',
    [
      ['pedreiro', 2],
      ['servente', SERVENTE],
    ],
  ],
  [
    'vergas e contravergas',
    [
      ['pedreiro', 2],
      ['armador', 0.5],
      ['servente', SERVENTE],
    ],
  ],
  [
    'infraestrutura elétrica',
    [
      ['eletricista', 2],
      ['servente', SERVENTE],
    ],
  ],
  ['quadros e acabamentos elétricos', [['eletricista', 2]]],
  [
    'água fria',
    [
      ['encanador', 2],
      ['servente', SERVENTE],
    ],
  ],
  [
    'esgoto e águas pluviais',
    [
      ['encanador', 2],
      ['servente', SERVENTE],
    ],
  ],
  [
    'revestimento',
    [
      ['pedreiro', 2],
      ['servente', SERVENTE],
    ],
  ],
  [
    'pintura',
    [
      ['pintor', 2],
      ['servente', SERVENTE],
    ],
  ],
]);

/**
 * Reference RUP (man-hours per unit) when the package is not one of the demo's
 * (catalogue-data.ts has the package's own): by the activity's measure unit.
 */
export const RUP_BY_UNIT: ReadonlyMap<MeasureUnit, number> = new Map<MeasureUnit, number>([
  ['m', 0.35],
  ['m²', 0.7],
  ['m³', 1.6],
  ['kg', 0.08],
  ['t', 80],
  ['un', 1.2],
  ['vb', 8],
]);
/** Spread of the actual RUP around the reference (lognormal σ, DOMAIN.md §4). */
export const RUP_SIGMA = 0.25;

/** Working / idle / down shares of equipment observations (DOMAIN.md §4). */
export const EQUIPMENT_SHARES: readonly [number, number, number] = [0.45, 0.4, 0.15];
/**
 * How far a machine's working and down shares move from the average, so rankings have
 * something to rank; the moves are symmetric over the contract's machines, so the overall
 * shares stay 45/40/15.
 */
export const EQUIPMENT_SPREAD: readonly [number, number] = [0.15, 0.08];

/** Crew size: Poisson(3) clamped to 1–8 (DOMAIN.md §4). */
export const CREW_MEAN = 3;
export const CREW_MIN = 1;
export const CREW_MAX = 8;
/** Chance that a crew on site is seen on a given walk. */
export const CREW_SEEN = 0.9;
/** Weekday walks per reporter: this share of the contract's goal, drawn per day. */
export const WALKS_OF_GOAL: readonly [number, number] = [0.9, 1];
