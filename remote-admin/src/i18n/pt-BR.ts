/** The Administration module's namespace (`admin`) in Portuguese. */
export const ptBR = {
  menu: {
    start: 'Administrador',
    base: 'Bases',
    work: 'Obras',
    contract: 'Contratadas',
    occurrence: 'Ocorrências',
    survey: 'Pesquisas',
    user: 'Usuários',
  },
  routes: {
    start: { title: 'Administrador', description: 'Administração de bases, obras, contratadas e usuários.' },
    base: { title: 'Bases', description: 'Cadastro das bases da empresa.' },
    user: { title: 'Usuários', description: 'Cadastro dos usuários e de seus perfis de acesso.' },
    work: { title: 'Obras', description: 'Cadastro das obras de cada base.' },
    contract: { title: 'Contratadas', description: 'Cadastro das contratadas de cada obra.' },
    occurrence: { title: 'Ocorrências', description: 'Catálogo de ocorrências apontadas em campo.' },
  },
  resources: {
    base: { one: 'Base', other: 'Bases' },
    work: { one: 'Obra', other: 'Obras' },
    contract: { one: 'Contratada', other: 'Contratadas' },
    occurrence: { one: 'Ocorrência', other: 'Ocorrências' },
    user: { one: 'Usuário', other: 'Usuários' },
    survey: { one: 'Pesquisa', other: 'Pesquisas' },
  },
  welcome: {
    title: 'Bem-vindo ao módulo Administrador',
    text: 'Aqui você cadastra as bases, obras e contratadas, o catálogo de ocorrências e os usuários que acessam o Canteiro, e acompanha as pesquisas de satisfação do aplicativo.',
    hint: 'Escolha uma opção no menu ao lado para começar.',
  },
} as const;
