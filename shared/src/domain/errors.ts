/**
 * Stable machine codes of the API's errors (ARCHITECTURE.md §4). The client turns each into
 * the translated message `errors.<code>` of the `common` namespace.
 */
export const ERROR_CODES = [
  // generic
  'validation_failed',
  'not_authenticated',
  'forbidden',
  'not_found',
  'xsrf_mismatch',
  'rate_limited',
  'payload_too_large',
  'server_error',
  // the node or its database is away for a moment (docs/deploy.md): try again
  'database_unavailable',
  'service_unavailable',
  'network_error',
  // bad input refused at the edge (docs/server.md, "Input")
  'invalid_text',
  'bad_request',
  'request_too_large',
  'request_timeout',
  // authentication
  'invalid_credentials',
  'reporter_denied',
  'wrong_current_password',
  'password_change_failed',
  'logout_failed',
  // administration (spec §8): duplicates, inactive parents, images
  'duplicate_base_name',
  'duplicate_work_name',
  'duplicate_work_prj',
  'duplicate_contract_name',
  'duplicate_occurrence_name',
  'duplicate_user_email',
  'parent_inactive',
  'cannot_deactivate_self',
  'cannot_change_own_profile',
  'cannot_set_own_password',
  'password_change_required',
  'image_type',
  'image_too_large',
  'image_dimensions',
  // management (spec §8): duplicates within a contract, activity finish/reopen
  'duplicate_discipline_name',
  'duplicate_area_name',
  'duplicate_local_name',
  'duplicate_block_name',
  'duplicate_package_name',
  'duplicate_activity_name',
  'duplicate_function_name',
  'duplicate_equipment',
  'activity_already_finished',
  'activity_not_finished',
  // sessions: a back-office token opens the back-office, a mobile token /api/mobile/* only
  'mobile_session_required',
  'web_session_required',
  // report ingestion (docs/ingestion.md): a batch, and one rejected row
  'too_many_reports',
  'unknown_kind',
  'contract_out_of_scope',
  'invalid_reference',
  'inactive_reference',
  'duplicate_report_id',
  // a row's reportTime against the server's clock and its work's start: the device's clock is wrong
  'report_time_in_future',
  'report_time_before_work',
  // dashboards (spec §8)
  'dashboard_fetch_failed',
  // annotations (docs/dashboards.md): only the author or a higher level changes one
  'annotation_not_yours',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Codes of single fields, produced by the valibot schemas and by the server. */
export const FIELD_CODES = [
  'required',
  'invalid_email',
  'min_length',
  'passwords_mismatch',
  'invalid_value',
  'too_long',
  'wrong_current_password',
  'start_after_end',
  'must_be_positive',
  'inactive_parent',
  'invalid_parent',
  'invalid_text',
  'in_future',
  'before_work_start',
  'from_after_to',
  'from_time_after_to_time',
  // a contract's work schedule (schemas/work-schedule.ts)
  'invalid_time',
  'interval_start_not_before_end',
  'intervals_overlap',
  'too_many_intervals',
  'schedule_empty',
] as const;
export type FieldCode = (typeof FIELD_CODES)[number];

/** The body of every error answer. */
export interface ApiErrorBody {
  code: ErrorCode | (string & {});
  message: string;
  fields?: Record<string, FieldCode | (string & {})>;
}
