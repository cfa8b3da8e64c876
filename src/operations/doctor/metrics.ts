import { measureBackupAndCertificate } from '@/metrics/siteMetrics'
import { backupDirFrom } from '../../../scripts/lib/backupArchives.mjs'
import { lastBackup } from './backups'
import { certificateDaysLeft } from './certificate'

/**
 * Has /metrics report the last backup's age and the certificate's days left, read as the doctor
 * reads them: the backups in BACKUP_DIR (or the default beside the checkout, the server's working
 * folder), the certificate in TLS_CERT_FILE when it is set.
 */
export function measureBackupAndCertificateOf({
  backupDir = backupDirFrom(process.env, process.cwd()),
  certificateFile = process.env.TLS_CERT_FILE || null,
}: { backupDir?: string; certificateFile?: string | null } = {}): void {
  measureBackupAndCertificate(
    async () => lastBackup(backupDir)?.ageSeconds ?? Infinity,
    certificateFile ? async () => certificateDaysLeft(certificateFile).daysLeft : null,
  )
}
