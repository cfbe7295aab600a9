import type { Translation } from '@canteiro/shared/domain';
import type { ptBR } from './pt-BR';

/** The host's namespace (`host`) in English. */
export const enUS: Translation<typeof ptBR> = {
  appName: 'Canteiro',
  defaultTitle: 'Canteiro — construction productivity',
  defaultDescription: "The laboratory's construction productivity back-office.",
  routes: {
    login: { title: 'Sign in', description: 'Sign in with your e-mail and password.' },
    password: { title: 'Change password', description: 'Change your password.' },
    home: { title: 'Home', description: 'Choose a module to start.' },
    notFound: { title: 'Page not found', description: 'The page you are looking for does not exist.' },
    workInProgress: { title: 'Work in progress', description: 'This screen is still being built.' },
  },
  login: {
    heading: 'Sign in to Canteiro',
    subheading: 'Construction productivity, from the site to the office.',
    email: 'E-mail',
    emailPlaceholder: 'name@company.com',
    password: 'Password',
    showPassword: 'Show the typed characters',
    submit: 'Sign in',
    firstAccess: 'You are using a temporary password. Please change your password to continue.',
  },
  password: {
    heading: 'Change password',
    current: 'Current password',
    new: 'New password',
    confirm: 'Confirm the new password',
    submit: 'Save new password',
    back: 'Back',
    signInFirst: 'Sign in to change your password.',
    goToLogin: 'Go to sign in',
  },
  home: {
    greeting: 'Hello, {{name}}!',
    choose: 'Choose a module to start.',
    modules: {
      management: {
        title: 'Management',
        description:
          "Each contractor's disciplines, areas, locations, blocks, packages, activities, functions and equipment.",
      },
      dash: {
        title: 'Dashboards',
        description:
          'Value-adding work, hidden waste and evident waste in man-hours, by function, routine, equipment and performance.',
      },
      admin: {
        title: 'Administrator',
        description: 'Bases, works, contractors, occurrences, users and satisfaction surveys.',
      },
    },
    open: 'Open',
  },
  sidebar: {
    home: 'Home',
    menu: 'Menu',
    logout: 'Sign out',
    changePassword: 'Change password',
    navigation: 'Main navigation',
    userMenu: 'User menu',
    loadingModule: 'Loading module…',
  },
  module: {
    failedTitle: 'This module could not be loaded',
    failedText: 'The module is unavailable right now. The rest of Canteiro keeps working.',
    retry: 'Try again',
  },
  notFound: {
    code: '404',
    text: 'The page you are looking for does not exist or you have no access to it.',
    backHome: 'Back to home',
  },
  workInProgress: {
    heading: 'Work in progress',
    text: 'This screen is still being built and will be available soon.',
  },
  smallScreen: {
    title: 'Access unavailable',
    text: 'Canteiro is made for larger screens. Please use a computer to access it.',
  },
  language: 'Language',
  skipToContent: 'Skip to content',
  loading: 'Loading…',
};
