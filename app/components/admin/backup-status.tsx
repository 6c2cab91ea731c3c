import { Link } from "react-router";
import { useLocale, useT } from "~/components/i18n";
import { CardSection } from "~/components/card-section";
import { formatDateTime } from "~/lib/dates";
import type { BackupView } from "~/services/backup.server";

// The backups' state for staff (docs/decisions/225-backups-leave-the-machine.md): the last good backup, its size,
// where it is kept and whether a drill restored it (/admin/settings), and a failing one on the admin dashboard.
// The words are the `admin` catalogue's.

function useSize(): (bytes: number) => string {
  const locale = useLocale();
  return (bytes) => {
    const [unit, size] =
      bytes >= 1024 ** 3
        ? (["gigabyte", bytes / 1024 ** 3] as const)
        : bytes >= 1024 ** 2
          ? (["megabyte", bytes / 1024 ** 2] as const)
          : (["kilobyte", bytes / 1024] as const);
    return new Intl.NumberFormat(locale, { style: "unit", unit, maximumFractionDigits: 1 }).format(size);
  };
}

export function BackupSettings({ backup }: { backup: BackupView }) {
  const t = useT();
  const locale = useLocale();
  const size = useSize();
  const { lastOk, lastFailed } = backup;
  return (
    <CardSection id="backups" title={t("admin.settings.backup.title")} className="stack" small anchor>
      <p className="muted small">
        {backup.everyHours > 0
          ? t("admin.settings.backup.scheduled", { hours: backup.everyHours })
          : t("admin.settings.backup.manual")}
      </p>
      {lastFailed ? (
        <p className="alert alert-error" data-testid="backup-failed">
          {t("admin.settings.backup.lastFailed", {
            date: formatDateTime(lastFailed.at, locale),
            error: lastFailed.error,
          })}{" "}
          {t("admin.settings.backup.failures", { count: backup.failuresSinceLastOk })}
        </p>
      ) : null}
      {lastOk ? (
        <dl className="backup-facts" data-testid="backup-last">
          <dt>{t("admin.settings.backup.last")}</dt>
          <dd>{formatDateTime(lastOk.finishedAt, locale)}</dd>
          {lastOk.sizeBytes !== null ? (
            <>
              <dt>{t("admin.settings.backup.size")}</dt>
              <dd>{size(lastOk.sizeBytes)}</dd>
            </>
          ) : null}
          <dt>{t("admin.settings.backup.place")}</dt>
          <dd>
            <ul className="plain-list">
              {lastOk.localPath ? <li>{t("admin.settings.backup.local", { path: lastOk.localPath })}</li> : null}
              {lastOk.s3Url ? <li>{t("admin.settings.backup.bucket", { url: lastOk.s3Url })}</li> : null}
            </ul>
          </dd>
          <dt>{t("admin.settings.backup.drill")}</dt>
          <dd>
            {lastOk.drilledAt
              ? t("admin.settings.backup.drilled", { date: formatDateTime(lastOk.drilledAt, locale) })
              : lastOk.s3Url
                ? t("admin.settings.backup.notDrilled", { url: lastOk.s3Url })
                : t("admin.settings.backup.notDrilledLocal")}
          </dd>
        </dl>
      ) : (
        <p className="muted">{t("admin.settings.backup.none")}</p>
      )}
    </CardSection>
  );
}

/** The dashboard's alert: the last run failed, or no good backup within twice the schedule. */
export function BackupAlert({ backup }: { backup: BackupView }) {
  const t = useT();
  const locale = useLocale();
  if (!backup.failing) return null;
  return (
    <CardSection id="backup-alert" title={t("admin.dashboard.backup.title")} className="stack" small>
      {backup.lastFailed ? (
        <p className="small">
          {t("admin.dashboard.backup.failed", {
            date: formatDateTime(backup.lastFailed.at, locale),
            error: backup.lastFailed.error,
          })}
        </p>
      ) : null}
      {backup.overdue && backup.lastOk ? (
        <p className="small">
          {t("admin.dashboard.backup.overdue", {
            date: formatDateTime(backup.lastOk.finishedAt, locale),
            hours: backup.everyHours,
          })}
        </p>
      ) : null}
      <p className="small">
        <Link to="/admin/settings#backups">{t("admin.dashboard.backup.link")}</Link>
      </p>
    </CardSection>
  );
}
