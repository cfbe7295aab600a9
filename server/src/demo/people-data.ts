import type { Profile } from '@canteiro/shared/domain';

/**
 * Staff at every level of every base, beyond the six demo accounts, and their answers to
 * the app survey. Fixed values, so every reset gives the same screens.
 */

export interface DemoStaff {
  firstName: string;
  email: string;
  profile: Profile;
  /** The contract the user hangs from (its work and base follow). */
  contract: string;
  isActive?: boolean;
  firstAccess?: boolean;
}

/** Beyond the six demo accounts: people at every level of every base. */
export const DEMO_STAFF: readonly DemoStaff[] = [
  { firstName: 'Helena', email: 'helena.prado@canteiro.test', profile: 'admin', contract: 'Serra Azul — Vedações' },
  { firstName: 'Marcos', email: 'marcos.lima@canteiro.test', profile: 'base', contract: 'Serra Azul — Vedações' },
  {
    firstName: 'Patrícia',
    email: 'patricia.rocha@canteiro.test',
    profile: 'work',
    contract: 'Serra Azul — Vedações',
  },
  {
    firstName: 'Gustavo',
    email: 'gustavo.alves@canteiro.test',
    profile: 'contract',
    contract: 'Fênix Instalações — Elétrica',
  },
  {
    firstName: 'Lucas',
    email: 'lucas.souza@canteiro.test',
    profile: 'reporter',
    contract: 'Fênix Instalações — Elétrica',
  },
  {
    firstName: 'Beatriz',
    email: 'beatriz.nunes@canteiro.test',
    profile: 'reporter',
    contract: 'Construtora Alvorada — Estrutura',
  },
  {
    firstName: 'Roberto',
    email: 'roberto.dias@canteiro.test',
    profile: 'reporter',
    contract: 'Construtora Alvorada — Estrutura',
    isActive: false,
  },
  {
    firstName: 'Juliana',
    email: 'juliana.costa@canteiro.test',
    profile: 'base',
    contract: 'Atlântica Engenharia — Estrutura',
  },
  {
    firstName: 'Thiago',
    email: 'thiago.mendes@canteiro.test',
    profile: 'work',
    contract: 'Atlântica Engenharia — Estrutura',
  },
  {
    firstName: 'Camila',
    email: 'camila.ferreira@canteiro.test',
    profile: 'reporter',
    contract: 'Atlântica Engenharia — Estrutura',
  },
  {
    firstName: 'André',
    email: 'andre.barbosa@canteiro.test',
    profile: 'reporter',
    contract: 'Atlântica Engenharia — Estrutura',
  },
  {
    firstName: 'Larissa',
    email: 'larissa.gomes@canteiro.test',
    profile: 'contract',
    contract: 'Hidrotécnica — Instalações Hidráulicas',
    firstAccess: true,
  },
  {
    firstName: 'Felipe',
    email: 'felipe.araujo@canteiro.test',
    profile: 'work',
    contract: 'Bloco Forte — Alvenaria Estrutural',
  },
  {
    firstName: 'Vanessa',
    email: 'vanessa.ribeiro@canteiro.test',
    profile: 'reporter',
    contract: 'Bloco Forte — Alvenaria Estrutural',
  },
  { firstName: 'Eduardo', email: 'eduardo.martins@canteiro.test', profile: 'base', contract: 'Premoldar — Montagem' },
  { firstName: 'Sofia', email: 'sofia.carvalho@canteiro.test', profile: 'reporter', contract: 'Premoldar — Montagem' },
  {
    firstName: 'Rodrigo',
    email: 'rodrigo.teixeira@canteiro.test',
    profile: 'reporter',
    contract: 'Premoldar — Montagem',
  },
  // Every reported contract has two active reporters (DOMAIN.md §4; demo/reports).
  {
    firstName: 'Otávio',
    email: 'otavio.pinto@canteiro.test',
    profile: 'reporter',
    contract: 'Fênix Instalações — Elétrica',
  },
  {
    firstName: 'Renata',
    email: 'renata.freitas@canteiro.test',
    profile: 'reporter',
    contract: 'Serra Azul — Vedações',
  },
  { firstName: 'Diogo', email: 'diogo.castro@canteiro.test', profile: 'reporter', contract: 'Serra Azul — Vedações' },
  {
    firstName: 'Priscila',
    email: 'priscila.vieira@canteiro.test',
    profile: 'reporter',
    contract: 'Hidrotécnica — Instalações Hidráulicas',
  },
  {
    firstName: 'Mateus',
    email: 'mateus.correia@canteiro.test',
    profile: 'reporter',
    contract: 'Hidrotécnica — Instalações Hidráulicas',
  },
  {
    firstName: 'Gabriela',
    email: 'gabriela.lopes@canteiro.test',
    profile: 'reporter',
    contract: 'Bloco Forte — Alvenaria Estrutural',
  },
  {
    firstName: 'Aline',
    email: 'aline.moreira@canteiro.test',
    profile: 'contract',
    contract: 'Reforma Minas — Acabamentos',
  },
];

export interface DemoSurvey {
  email: string;
  reportTime: string;
  experience: number;
  usability: number;
  resources: number;
  suggestions: string | null;
}

export const DEMO_SURVEYS: readonly DemoSurvey[] = [
  {
    email: 'reporter@canteiro.test',
    reportTime: '2026-03-06T17:40:00Z',
    experience: 4,
    usability: 4,
    resources: 3,
    suggestions: 'Poderia funcionar sem internet no subsolo.',
  },
  {
    email: 'beatriz.nunes@canteiro.test',
    reportTime: '2026-03-09T18:05:00Z',
    experience: 5,
    usability: 4,
    resources: 4,
    suggestions: null,
  },
  {
    email: 'lucas.souza@canteiro.test',
    reportTime: '2026-03-11T16:55:00Z',
    experience: 3,
    usability: 3,
    resources: 2,
    suggestions: 'A lista de atividades é longa demais; uma busca ajudaria.',
  },
  {
    email: 'andre.barbosa@canteiro.test',
    reportTime: '2026-03-13T17:20:00Z',
    experience: 4,
    usability: 5,
    resources: 4,
    suggestions: 'Gostei do lembrete de apontamento.',
  },
  {
    email: 'vanessa.ribeiro@canteiro.test',
    reportTime: '2026-03-16T17:35:00Z',
    experience: 2,
    usability: 3,
    resources: 3,
    suggestions: 'O celular da obra descarrega antes do fim do turno.',
  },
  {
    email: 'rodrigo.teixeira@canteiro.test',
    reportTime: '2026-03-18T16:45:00Z',
    experience: 5,
    usability: 5,
    resources: 5,
    suggestions: null,
  },
  {
    email: 'reporter@canteiro.test',
    reportTime: '2026-03-20T17:10:00Z',
    experience: 4,
    usability: 5,
    resources: 4,
    suggestions: 'Melhorou depois da atualização.',
  },
  {
    email: 'beatriz.nunes@canteiro.test',
    reportTime: '2026-03-23T17:50:00Z',
    experience: 4,
    usability: 4,
    resources: 3,
    suggestions: 'Fotos das ocorrências seriam úteis.',
  },
  {
    email: 'lucas.souza@canteiro.test',
    reportTime: '2026-03-25T18:00:00Z',
    experience: 4,
    usability: 3,
    resources: 3,
    suggestions: null,
  },
  {
    email: 'andre.barbosa@canteiro.test',
    reportTime: '2026-03-27T16:30:00Z',
    experience: 3,
    usability: 4,
    resources: 2,
    suggestions: 'Faltam tablets para a equipe da tarde.',
  },
];
