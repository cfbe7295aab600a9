/** The host's namespace (`host`) in Portuguese. */
export const ptBR = {
  appName: 'Canteiro',
  defaultTitle: 'Canteiro — produtividade de obras',
  defaultDescription: 'Back-office de produtividade de obras do laboratório.',
  routes: {
    login: { title: 'Entrar', description: 'Entre com seu e-mail e senha.' },
    password: { title: 'Alterar senha', description: 'Troque a sua senha de acesso.' },
    home: { title: 'Início', description: 'Escolha um módulo para começar.' },
    notFound: { title: 'Página não encontrada', description: 'A página procurada não existe.' },
    workInProgress: { title: 'Em construção', description: 'Esta tela ainda está sendo construída.' },
  },
  login: {
    heading: 'Entrar no Canteiro',
    subheading: 'Produtividade de obras, do canteiro ao escritório.',
    email: 'E-mail',
    emailPlaceholder: 'nome@empresa.com.br',
    password: 'Senha',
    showPassword: 'Exibir os caracteres digitados',
    submit: 'Entrar',
    firstAccess: 'Você está usando uma senha temporária. Por favor, altere sua senha para continuar.',
  },
  password: {
    heading: 'Alterar senha',
    current: 'Senha atual',
    new: 'Nova senha',
    confirm: 'Confirme a nova senha',
    submit: 'Salvar nova senha',
    back: 'Voltar',
    signInFirst: 'Entre com sua conta para alterar a senha.',
    goToLogin: 'Ir para o login',
  },
  home: {
    greeting: 'Olá, {{name}}!',
    choose: 'Escolha um módulo para começar.',
    modules: {
      management: {
        title: 'Gerencial',
        description:
          'Disciplinas, áreas, locais, blocos, pacotes, atividades, funções e equipamentos de cada contratada.',
      },
      dash: {
        title: 'Dashboards',
        description: 'Agrega valor, perda oculta e perda evidente em HH, por função, rotina, equipamento e desempenho.',
      },
      admin: {
        title: 'Administrador',
        description: 'Bases, obras, contratadas, ocorrências, usuários e pesquisas de satisfação.',
      },
    },
    open: 'Abrir',
  },
  sidebar: {
    home: 'Início',
    menu: 'Menu',
    logout: 'Sair',
    changePassword: 'Alterar senha',
    navigation: 'Navegação principal',
    userMenu: 'Menu do usuário',
    loadingModule: 'Carregando módulo…',
  },
  module: {
    failedTitle: 'Não foi possível carregar este módulo',
    failedText: 'O módulo está indisponível no momento. O restante do Canteiro continua funcionando.',
    retry: 'Tentar novamente',
  },
  notFound: {
    code: '404',
    text: 'A página que você procura não existe ou você não tem acesso a ela.',
    backHome: 'Voltar para o início',
  },
  workInProgress: {
    heading: 'Em construção',
    text: 'Esta tela ainda está sendo construída e estará disponível em breve.',
  },
  smallScreen: {
    title: 'Acesso indisponível',
    text: 'O Canteiro foi feito para telas maiores. Por favor, use um computador para acessar.',
  },
  language: 'Idioma',
  skipToContent: 'Pular para o conteúdo',
  loading: 'Carregando…',
} as const;
