import type { MeasureUnit } from '@canteiro/shared/domain';
import { siteToday } from '../site-clock.js';

/**
 * Each demo contract's catalogue (DOMAIN.md §4): disciplines, towers and floors as areas
 * and locals, a block per floor with the packages its discipline calls for, 25–40
 * activities (~55 % finished, ~25 % in term, ~20 % late, dates relative to the seed day),
 * the seven trades as functions and 6–10 rented machines. Deterministic: the same contract
 * (by its position in the demo list) gets the same catalogue on every reset, whatever the
 * day; only the dates move with it.
 */

export interface DemoDiscipline {
  name: string;
}

/** An area (a tower, the basement, the common areas) under one discipline, and its locals. */
export interface DemoArea {
  name: string;
  discipline: string;
  locals: DemoLocal[];
}

/** A local with its one block and the block's packages. */
export interface DemoLocal {
  name: string;
  block: string;
  packages: string[];
}

export interface DemoActivity {
  name: string;
  area: string;
  local: string;
  block: string;
  package: string;
  measureUnit: MeasureUnit;
  hhCount: number;
  quantity: number;
  startDate: string;
  endDate: string;
  isFinished: boolean;
}

export interface DemoEquipment {
  company: string;
  type: string;
  specification: string;
}

export interface DemoCatalogue {
  disciplines: DemoDiscipline[];
  areas: DemoArea[];
  activities: DemoActivity[];
  functions: string[];
  equipment: DemoEquipment[];
}

export const DEMO_DISCIPLINES = [
  'Estrutura',
  'Alvenaria',
  'Instalações elétricas',
  'Instalações hidráulicas',
  'Acabamento',
] as const;
type Discipline = (typeof DEMO_DISCIPLINES)[number];

export const DEMO_FUNCTIONS = ['Pedreiro', 'Servente', 'Carpinteiro', 'Armador', 'Eletricista', 'Encanador', 'Pintor'];

/**
 * What each package holds: its tasks, the unit they are measured in, the reference RUP
 * (man-hours per unit; masonry ~0.85 Hh/m², formwork ~0.81 Hh/m², rebar ~0.08 Hh/kg) and
 * the quantity range of one floor.
 */
interface PackageKind {
  tasks: readonly string[];
  unit: MeasureUnit;
  rup: number;
  quantity: readonly [number, number];
}

const PACKAGES: Record<string, PackageKind> = {
  Formas: {
    tasks: ['Formas de pilares', 'Formas de vigas', 'Formas de laje'],
    unit: 'm²',
    rup: 0.81,
    quantity: [180, 420],
  },
  Armação: {
    tasks: ['Armação de pilares', 'Armação de vigas', 'Armação de laje'],
    unit: 'kg',
    rup: 0.08,
    quantity: [2500, 8000],
  },
  Concretagem: { tasks: ['Concretagem de pilares', 'Concretagem de laje'], unit: 'm³', rup: 1.6, quantity: [25, 80] },
  'Alvenaria de vedação': {
    tasks: ['Marcação de alvenaria', 'Elevação de alvenaria', 'Encunhamento'],
    unit: 'm²',
    rup: 0.85,
    quantity: [250, 700],
  },
  'Vergas e contravergas': { tasks: ['Vergas e contravergas'], unit: 'm', rup: 0.45, quantity: [60, 160] },
  'Infraestrutura elétrica': {
    tasks: ['Eletrodutos embutidos', 'Caixas de passagem', 'Enfiação'],
    unit: 'm',
    rup: 0.22,
    quantity: [400, 1200],
  },
  'Quadros e acabamentos elétricos': {
    tasks: ['Montagem de quadros', 'Tomadas e interruptores'],
    unit: 'un',
    rup: 1.2,
    quantity: [30, 90],
  },
  'Água fria': {
    tasks: ['Tubulação de água fria', 'Teste de estanqueidade'],
    unit: 'm',
    rup: 0.4,
    quantity: [120, 380],
  },
  'Esgoto e águas pluviais': {
    tasks: ['Tubulação de esgoto', 'Ralos e caixas sifonadas'],
    unit: 'm',
    rup: 0.45,
    quantity: [90, 260],
  },
  Revestimento: { tasks: ['Chapisco', 'Emboço interno', 'Contrapiso'], unit: 'm²', rup: 0.55, quantity: [300, 900] },
  Pintura: { tasks: ['Massa corrida', 'Pintura interna'], unit: 'm²', rup: 0.28, quantity: [400, 1200] },
};

/** The reference RUP (man-hours per unit) of a demo package, undefined for another name. */
export function referenceRup(packageName: string): number | undefined {
  return Object.hasOwn(PACKAGES, packageName) ? PACKAGES[packageName]?.rup : undefined;
}

/** The packages a floor gets, by the discipline of its area. */
const PACKAGES_OF: Record<Discipline, readonly string[]> = {
  Estrutura: ['Formas', 'Armação', 'Concretagem'],
  Alvenaria: ['Alvenaria de vedação', 'Vergas e contravergas'],
  'Instalações elétricas': ['Infraestrutura elétrica', 'Quadros e acabamentos elétricos'],
  'Instalações hidráulicas': ['Água fria', 'Esgoto e águas pluviais'],
  Acabamento: ['Revestimento', 'Pintura'],
};

/** Rental companies, the first ones far more often (skewed, as real suppliers are). */
const RENTAL_COMPANIES = [
  'Locabras Equipamentos',
  'Içamentos Paulista',
  'Andaimes Sul Locações',
  'MaqObra Locadora',
  'Terra Forte Máquinas',
  'Concretec Locações',
  'Elevar Equipamentos',
  'Rental Minas',
];
const COMPANY_WEIGHTS = [30, 20, 14, 11, 9, 7, 5, 4];

const MACHINES: readonly Omit<DemoEquipment, 'company'>[] = [
  { type: 'Grua', specification: 'Grua ascensional 42 m, 5 t na ponta' },
  { type: 'Betoneira', specification: 'Betoneira 400 L trifásica' },
  { type: 'Elevador de carga', specification: 'Elevador cremalheira 1 500 kg' },
  { type: 'Miniescavadeira', specification: 'Miniescavadeira 3,5 t' },
  { type: 'Plataforma elevatória', specification: 'Plataforma tesoura 12 m' },
  { type: 'Bomba de concreto', specification: 'Bomba estacionária 40 m³/h' },
  { type: 'Compactador', specification: 'Placa vibratória 400 kg' },
  { type: 'Betoneira', specification: 'Betoneira 600 L com carregador' },
  { type: 'Guincho', specification: 'Guincho de coluna 400 kg' },
  { type: 'Andaime', specification: 'Andaime fachadeiro 300 m²' },
];

/** mulberry32: a small seeded generator, so every reset draws the same numbers. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1));
const round = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

/** `YYYY-MM-DD`, `days` after `today` (a UTC midnight). */
function day(today: Date, days: number): string {
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The site's today (`siteToday`) as a UTC midnight: dates are plain calendar days. */
export function seedDay(timeZone: string, now: Date | number = Date.now()): Date {
  return new Date(`${siteToday(timeZone, now)}T00:00:00Z`);
}

function areasOf(random: () => number): DemoArea[] {
  const towerFloors = between(random, 3, 4);
  const tower = (letter: string, discipline: Discipline): DemoArea => ({
    name: `Torre ${letter}`,
    discipline,
    locals: Array.from({ length: towerFloors }, (_, index) => ({
      name: `Torre ${letter} – ${index + 1}º pavimento`,
      block: `Pavimento tipo ${letter}${index + 1}`,
      packages: [...PACKAGES_OF[discipline]],
    })),
  });
  return [
    tower('A', 'Estrutura'),
    tower('B', 'Alvenaria'),
    {
      name: 'Subsolo',
      discipline: 'Instalações hidráulicas',
      locals: [
        { name: 'Subsolo – Garagem', block: 'Garagem G1', packages: [...PACKAGES_OF['Instalações hidráulicas']] },
        { name: 'Subsolo – Casa de bombas', block: 'Casa de bombas', packages: ['Água fria'] },
      ],
    },
    {
      name: 'Prumadas',
      discipline: 'Instalações elétricas',
      locals: [
        { name: 'Prumada elétrica – Torre A', block: 'Shaft elétrico A', packages: ['Infraestrutura elétrica'] },
        {
          name: 'Prumada elétrica – Torre B',
          block: 'Shaft elétrico B',
          packages: [...PACKAGES_OF['Instalações elétricas']],
        },
      ],
    },
    {
      name: 'Área comum',
      discipline: 'Acabamento',
      locals: [
        { name: 'Área comum – Térreo', block: 'Hall e circulações', packages: [...PACKAGES_OF.Acabamento] },
        { name: 'Área comum – Cobertura', block: 'Cobertura e barrilete', packages: ['Revestimento'] },
      ],
    },
  ];
}

/** Every task of every package of every floor, in order: the activities are drawn from them. */
function slotsOf(areas: DemoArea[]) {
  return areas.flatMap((area) =>
    area.locals.flatMap((local) =>
      local.packages.flatMap((name) =>
        PACKAGES[name]!.tasks.map((task) => ({ task, kind: PACKAGES[name]!, area, local, package: name })),
      ),
    ),
  );
}

/**
 * Finished / in term / late for `count` activities: 55 % / 25 % / 20 %, rounded, in a
 * shuffled order so statuses mix across floors.
 */
function statusesOf(count: number, random: () => number): ('finished' | 'in_term' | 'late')[] {
  const finished = Math.round(count * 0.55);
  const late = Math.round(count * 0.2);
  const statuses = [
    ...Array<'finished'>(finished).fill('finished'),
    ...Array<'late'>(late).fill('late'),
    ...Array<'in_term'>(count - finished - late).fill('in_term'),
  ];
  for (let index = statuses.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [statuses[index], statuses[other]] = [statuses[other]!, statuses[index]!];
  }
  return statuses;
}

/**
 * The catalogue of the demo contract at `position` (0, 1, …), dated around `today`. Late
 * activities ended at least two days ago and activities in term end two days from now or
 * later, so the shares hold whatever the site's time zone and the hour of the seed.
 */
export function demoCatalogue(position: number, today: Date): DemoCatalogue {
  const random = generator(0x5eed + position * 7919);
  const areas = areasOf(random);
  const slots = slotsOf(areas);
  const count = Math.min(slots.length, between(random, 25, 40));
  // An even spread over the floors: every (slots/count)-th task.
  const chosen = Array.from({ length: count }, (_, index) => slots[Math.floor((index * slots.length) / count)]!);
  const statuses = statusesOf(count, random);
  const activities = chosen.map((slot, index): DemoActivity => {
    const quantity = round(
      between(random, slot.kind.quantity[0], slot.kind.quantity[1]),
      slot.kind.unit === 'kg' ? 50 : 5,
    );
    // Planned RUP ~10 % better than the reference, with some spread between tasks.
    const rup = slot.kind.rup * 0.9 * (0.85 + random() * 0.3);
    const hhCount = Math.max(1, Math.round(quantity * rup));
    // Spread over the twelve weeks the demo reports cover (reports-data: only activities in
    // progress are observed), so every week has work going on: finished ones ended up to
    // eleven weeks ago, late ones go on past their end, and most in term have started.
    const length = between(random, 14, 35);
    const status = statuses[index]!;
    const end =
      status === 'finished'
        ? -between(random, 3, 75)
        : status === 'late'
          ? -between(random, 2, 20)
          : between(random, 2, 40);
    return {
      name: slot.task,
      area: slot.area.name,
      local: slot.local.name,
      block: slot.local.block,
      package: slot.package,
      measureUnit: slot.kind.unit,
      hhCount,
      quantity,
      startDate: day(today, end - length),
      endDate: day(today, end),
      isFinished: status === 'finished',
    };
  });
  const machines = between(random, 6, 10);
  const equipment = MACHINES.slice(0, machines).map((machine, index) => ({
    ...machine,
    // The first six machines from six different companies, the rest by weight.
    company: index < 6 ? RENTAL_COMPANIES[(index + position) % 6]! : weighted(random),
  }));
  return {
    disciplines: DEMO_DISCIPLINES.map((name) => ({ name })),
    areas,
    activities,
    functions: [...DEMO_FUNCTIONS],
    equipment,
  };
}

function weighted(random: () => number): string {
  const total = COMPANY_WEIGHTS.reduce((sum, weight) => sum + weight, 0);
  let draw = random() * total;
  for (const [index, weight] of COMPANY_WEIGHTS.entries()) {
    draw -= weight;
    if (draw < 0) return RENTAL_COMPANIES[index]!;
  }
  return RENTAL_COMPANIES[0]!;
}

/**
 * A large contract (the scale command): `copies` demo catalogues side by side, as if the
 * contract built that many sites, their areas, locals, blocks and machines told apart by a
 * suffix (names are unique per contract). Disciplines and trades are shared.
 */
export function scaledCatalogue(position: number, copies: number, today: Date): DemoCatalogue {
  if (copies <= 1) return demoCatalogue(position, today);
  const parts = Array.from({ length: copies }, (_, copy) => {
    const catalogue = demoCatalogue(position * 1000 + copy, today);
    const named = (name: string) => `${name} · S${copy + 1}`;
    return {
      areas: catalogue.areas.map((area) => ({
        ...area,
        name: named(area.name),
        locals: area.locals.map((local) => ({ ...local, name: named(local.name), block: named(local.block) })),
      })),
      activities: catalogue.activities.map((activity) => ({
        ...activity,
        area: named(activity.area),
        local: named(activity.local),
        block: named(activity.block),
      })),
      equipment: catalogue.equipment.map((item) => ({ ...item, specification: named(item.specification) })),
    };
  });
  return {
    disciplines: DEMO_DISCIPLINES.map((name) => ({ name })),
    areas: parts.flatMap((part) => part.areas),
    activities: parts.flatMap((part) => part.activities),
    functions: [...DEMO_FUNCTIONS],
    equipment: parts.flatMap((part) => part.equipment),
  };
}
