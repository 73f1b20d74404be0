-- Rows written in one request keep the order they were written in. Responses saved together and
-- the audit entries of one change (a role's grants, pair by pair) were ordered by their timestamp,
-- then by their random id; the embedded database's clock moves in whole milliseconds, so rows
-- written within one millisecond came back in any order (seen as two responses swapping places).
-- A sequence number per row breaks the tie in the order of insertion, on both databases.
alter table consultation_responses add column seq bigint generated always as identity;
alter table audit_log add column seq bigint generated always as identity;
