import type { MeasureUnit } from '@canteiro/shared/domain';

/**
 * What each demo contract's catalogue is drawn from (DOMAIN.md §4; catalogue.ts draws it):
 * disciplines, the packages a floor's discipline calls for with their tasks, units, reference
 * RUPs and quantities, the seven trades as functions, the rental companies and machines. The
 * catalogue's types live here with the data they describe.
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
export type Discipline = (typeof DEMO_DISCIPLINES)[number];

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

export const PACKAGES: Record<string, PackageKind> = {
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
export const PACKAGES_OF: Record<Discipline, readonly string[]> = {
  Estrutura: ['Formas', 'Armação', 'Concretagem'],
  Alvenaria: ['Alvenaria de vedação', 'Vergas e contravergas'],
  'Instalações elétricas': ['Infraestrutura elétrica', 'Quadros e acabamentos elétricos'],
  'Instalações hidráulicas': ['Água fria', 'Esgoto e águas pluviais'],
  Acabamento: ['Revestimento', 'Pintura'],
};

/** Rental companies, the first ones far more often (skewed, as real suppliers are). */
export const RENTAL_COMPANIES = [
  'Locabras Equipamentos',
  'Içamentos Paulista',
  'Andaimes Sul Locações',
  'MaqObra Locadora',
  'Terra Forte Máquinas',
  'Concretec Locações',
  'Elevar Equipamentos',
  'Rental Minas',
];
export const COMPANY_WEIGHTS = [30, 20, 14, 11, 9, 7, 5, 4];

export const MACHINES: readonly Omit<DemoEquipment, 'company'>[] = [
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
