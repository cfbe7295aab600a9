/** The `common` namespace in Portuguese: the error catalogue of spec §8 and shared words. */
export const ptBR = {
  errors: {
    validation_failed: 'Por favor, verifique o formulário e tente novamente!',
    not_authenticated: 'Sua sessão expirou. Por favor, entre novamente.',
    forbidden: 'Você não tem permissão para realizar esta ação.',
    not_found: 'Registro não encontrado.',
    xsrf_mismatch: 'Sua sessão de navegação expirou. Recarregue a página e tente novamente.',
    rate_limited: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    payload_too_large: 'O conteúdo enviado é grande demais.',
    server_error: 'Ocorreu um erro no servidor. Por favor, tente novamente mais tarde.',
    network_error: 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.',
    invalid_credentials: 'Credenciais inválidas ou usuário inativo, por favor verifique os dados e tente novamente.',
    reporter_denied: 'Seu perfil não tem acesso a essa página. Por favor, entre em contato com o suporte',
    wrong_current_password: 'A senha atual está incorreta...',
    password_change_failed: 'Não foi possível alterar a senha. Tente novamente.',
    logout_failed: 'Não foi possível sair. Tente novamente.',
  },
  validation: {
    required: 'Campo obrigatório.',
    invalid_email: 'Informe um e-mail válido.',
    min_length: 'Deve ter pelo menos {{min}} caracteres.',
    passwords_mismatch: 'As senhas não coincidem.',
    invalid_value: 'Valor inválido.',
    too_long: 'Texto longo demais.',
  },
  routes: {
    activityReport: {
      title: 'Relatório de atividades',
      description: 'Dados brutos das atividades apontadas em campo.',
    },
  },
  success: {
    login: 'Login realizado com sucesso!',
    logout: 'Você saiu com sucesso.',
    password_changed: 'Senha alterada com sucesso!',
  },
} as const;
