-- Issue 16 points 3 and 6: staff invited by email, disabled or deleted by a council's administrator,
-- and consultation accounts whose records are deleted on request.

-- An invitation is an emailed link like the others: single use, expiring, stored hashed.
alter table auth_tokens drop constraint auth_tokens_purpose_check;
alter table auth_tokens add constraint auth_tokens_purpose_check
  check (purpose in ('verify-email', 'reset-password', 'invite'));

-- invited_at: when the last invitation was sent (an account with no password that was invited is
-- "invited" until the link is used). last_sign_in_at: shown on the users screen.
-- deleted_at: a deleted account keeps its row (rows of others name it) with its personal data
-- scrubbed and its email freed, so the address can be invited again.
alter table users add column invited_at timestamptz;
alter table users add column last_sign_in_at timestamptz;
alter table users add column deleted_at timestamptz;
create index users_kind_list on users (tenant_id, kind, created_at desc) where deleted_at is null;

-- A data-protection deletion request removes a consultation account's responses and answers.
grant delete on document_responses, document_answers, document_response_tags to planning_app;
