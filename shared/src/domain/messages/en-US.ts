import type { Messages } from './types.js';

/** The `common` namespace in English: the same keys as pt-BR (a test checks it). */
export const enUS: Messages = {
  errors: {
    validation_failed: 'Please check the form and try again!',
    not_authenticated: 'Your session has expired. Please sign in again.',
    forbidden: 'You are not allowed to do this.',
    not_found: 'Record not found.',
    xsrf_mismatch: 'Your browser session has expired. Reload the page and try again.',
    rate_limited: 'Too many attempts. Wait a few minutes and try again.',
    payload_too_large: 'What you sent is too large.',
    server_error: 'A server error occurred. Please try again later.',
    network_error: 'Could not reach the server. Check your connection and try again.',
    invalid_credentials: 'Invalid credentials or inactive user, please check your details and try again.',
    reporter_denied: 'Your profile has no access to this page. Please contact support',
    wrong_current_password: 'The current password is incorrect...',
    password_change_failed: 'The password could not be changed. Try again.',
    logout_failed: 'Could not sign out. Try again.',
  },
  validation: {
    required: 'Required field.',
    invalid_email: 'Enter a valid e-mail.',
    min_length: 'Must have at least {{min}} characters.',
    passwords_mismatch: 'The passwords do not match.',
    invalid_value: 'Invalid value.',
    too_long: 'Text too long.',
  },
  routes: {
    activityReport: { title: 'Activity report', description: 'Raw data of the activities reported on site.' },
  },
  success: {
    login: 'Signed in successfully!',
    logout: 'You have signed out.',
    password_changed: 'Password changed successfully!',
  },
};
