-- Automatic backups kept in the database are seller data: app_user under RLS, forced.
GRANT SELECT, INSERT, UPDATE, DELETE ON backups_automaticos TO app_user;--> statement-breakpoint
ALTER TABLE backups_automaticos FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- The job runner (apps/api/src/jobs, ADR 013) must find every seller whose daily job is due,
-- across sellers, without bypassing RLS: a role that may read only the columns scheduling needs
-- (the shop's time zone and the automatic-backup switch) of every shop profile, through a
-- read-only policy of its own. It writes nothing of the sellers'; each job's work runs as
-- app_user for one seller.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'caderneta_jobs') THEN
    CREATE ROLE caderneta_jobs NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT caderneta_jobs TO %I', current_user);
EXCEPTION WHEN insufficient_privilege OR invalid_grant_operation THEN
  RAISE NOTICE 'could not grant caderneta_jobs to %: grant it by hand', current_user;
END
$$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO caderneta_jobs;--> statement-breakpoint
GRANT SELECT (owner_id, fuso_horario, backup_automatico) ON perfis TO caderneta_jobs;--> statement-breakpoint
GRANT SELECT ON job_execucoes TO caderneta_jobs;--> statement-breakpoint
CREATE POLICY perfis_jobs ON perfis AS PERMISSIVE FOR SELECT TO caderneta_jobs USING (true);
