import { ErrorCode } from '@moneta/shared/error-codes';
import type { TwoFactorSetup } from '@moneta/shared/security-schemas';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { QueryState } from '@/components/ui/QueryState';
import { TextField } from '@/components/ui/TextField';
import { PasswordInput } from '@/components/password/PasswordInput';
import { ApiError, errorMessage } from '@/lib/api-client';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useSetupTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor';
import { copyText, downloadText } from '../utils/copy-text';
import { ListLoading } from './ListStates';
import { SectionCard } from '@/components/ui/SectionCard';

/**
 * Two-factor sign-in with an authenticator app (TOTP, docs/architecture.md, Security): set up with
 * a QR code or the key typed by hand, turned on with a first code, then ten backup codes shown
 * once.
 */
export function TwoFactor() {
  const { t } = useTranslation('settings');
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);

  return (
    <SectionCard title={t('twoFactor.title')} description={t('twoFactor.description')}>
      {backupCodes ? (
        <BackupCodes codes={backupCodes} onDone={() => setBackupCodes(null)} />
      ) : (
        <QueryState
          query={status}
          loading={<ListLoading label={t('twoFactor.loading')} />}
          failureMessage={(error) => errorMessage(error, t('twoFactor.loadFailed'))}
        >
          {({ enabled, backupCodesLeft }) =>
            enabled ? (
              <TwoFactorOn backupCodesLeft={backupCodesLeft} />
            ) : setup ? (
              <SetupTwoFactor
                setup={setup}
                onEnabled={(codes) => {
                  setSetup(null);
                  setBackupCodes(codes);
                }}
                onCancel={() => setSetup(null)}
              />
            ) : (
              <TwoFactorOff onSetup={setSetup} />
            )
          }
        </QueryState>
      )}
    </SectionCard>
  );
}

function StatusLine({ isOn }: { isOn: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <p className="flex items-center gap-2 text-sm text-neutral-700 dark:text-neutral-300">
      {t('twoFactor.status')}{' '}
      <Badge tone={isOn ? 'sky' : 'neutral'}>{isOn ? t('twoFactor.on') : t('twoFactor.off')}</Badge>
    </p>
  );
}

function TwoFactorOff({ onSetup }: { onSetup: (setup: TwoFactorSetup) => void }) {
  const { t } = useTranslation('settings');
  const setupMutation = useSetupTwoFactor();
  return (
    <div className="space-y-4">
      <StatusLine isOn={false} />
      {setupMutation.isError ? (
        <Alert>{errorMessage(setupMutation.error, t('twoFactor.setupFailed'))}</Alert>
      ) : null}
      <Button
        disabled={setupMutation.isPending}
        onClick={() => setupMutation.mutate(undefined, { onSuccess: onSetup })}
      >
        {setupMutation.isPending ? t('twoFactor.settingUp') : t('twoFactor.setUp')}
      </Button>
    </div>
  );
}

/** The secret grouped by four for reading aloud or typing; apps ignore the spaces. */
function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function SetupTwoFactor({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (backupCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('settings');
  const enable = useEnableTwoFactor();
  const codeRef = useRef<HTMLInputElement>(null);
  const [qrCode, setQrCode] = useState<string | null>(null);
  const [qrFailed, setQrFailed] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const keyLabelId = useId();

  useEffect(() => {
    let isCurrent = true;
    import('@/lib/qr-code')
      .then(({ qrCodeDataUrl }) => qrCodeDataUrl(setup.otpauthUrl))
      .then((url) => {
        if (isCurrent) setQrCode(url);
      })
      .catch(() => {
        if (isCurrent) setQrFailed(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [setup.otpauthUrl]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = codeRef.current;
    const code = input?.value.trim() ?? '';
    if (!code) {
      setFieldError(t('twoFactor.codeRequired'));
      input?.focus();
      return;
    }
    setFieldError(undefined);
    // mutateAsync, not mutate's callbacks: the status refetched after enabling replaces this
    // form, and callbacks of an unmounted caller never run; the codes must still be shown.
    enable.mutateAsync(code).then(
      // The codes' panel says it is on: no toast besides.
      ({ backupCodes }) => onEnabled(backupCodes),
      (error: unknown) => {
        if (error instanceof ApiError && error.code === ErrorCode.INVALID_CODE) {
          setFieldError(errorMessage(error, t('twoFactor.setupFailed')));
          enable.reset();
        }
        input?.select();
        input?.focus();
      },
    );
  }

  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-neutral-700 dark:text-neutral-300">
        <li>{t('twoFactor.stepScan')}</li>
        <li>{t('twoFactor.stepCode')}</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        {qrCode ? (
          <img
            src={qrCode}
            alt={t('twoFactor.qrAlt')}
            width={176}
            height={176}
            className="size-44 shrink-0 rounded-lg border border-neutral-200 bg-white dark:border-neutral-700"
          />
        ) : qrFailed ? (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            {t('twoFactor.qrFailed')}
          </p>
        ) : (
          <div
            role="status"
            className="size-44 shrink-0 animate-pulse rounded-lg bg-neutral-200 dark:bg-neutral-800"
          >
            <span className="sr-only">{t('twoFactor.qrDrawing')}</span>
          </div>
        )}
        <div className="min-w-0 space-y-2">
          <p className="text-sm font-medium text-neutral-800 dark:text-neutral-200" id={keyLabelId}>
            {t('twoFactor.manualKey')}
          </p>
          <code
            aria-labelledby={keyLabelId}
            className="block rounded-lg bg-neutral-100 px-3 py-2 font-mono text-sm break-all text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100"
          >
            {groupedSecret(setup.secret)}
          </code>
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              void copyText(setup.secret).then((ok) =>
                ok
                  ? toast.success(t('twoFactor.keyCopied'))
                  : toast.error(t('twoFactor.keyCopyFailed')),
              )
            }
          >
            {t('twoFactor.copyKey')}
          </Button>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {enable.isError ? (
          <Alert>{errorMessage(enable.error, t('twoFactor.setupFailed'))}</Alert>
        ) : null}
        <TextField
          ref={codeRef}
          label={t('twoFactor.codeFromApp')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={64}
          required
          error={fieldError}
          className="max-w-xs"
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={enable.isPending}>
            {enable.isPending ? t('twoFactor.turningOn') : t('twoFactor.turnOn')}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={enable.isPending}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The ten backup codes, shown this once: copy or download them before leaving. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const text = codes.join('\n');
  return (
    <div className="space-y-4">
      <h3
        ref={headingRef}
        tabIndex={-1}
        className="font-semibold text-neutral-900 focus:outline-none dark:text-white"
      >
        {t('twoFactor.backupCodesTitle')}
      </h3>
      <Alert tone="success">{t('twoFactor.backupCodesNote')}</Alert>
      <ul
        aria-label={t('twoFactor.backupCodes')}
        className="grid grid-cols-1 gap-2 rounded-lg bg-neutral-100 p-4 font-mono text-sm text-neutral-900 min-[400px]:grid-cols-2 dark:bg-neutral-800 dark:text-neutral-100"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="secondary"
          onClick={() =>
            void copyText(text).then((ok) =>
              ok
                ? toast.success(t('twoFactor.codesCopied'))
                : toast.error(t('twoFactor.codesCopyFailed')),
            )
          }
        >
          {t('copy')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => downloadText('moneta-backup-codes.txt', `${text}\n`)}
        >
          {t('twoFactor.download')}
        </Button>
        <Button onClick={onDone}>{t('twoFactor.saved')}</Button>
      </div>
    </div>
  );
}

function TwoFactorOn({ backupCodesLeft }: { backupCodesLeft: number }) {
  const { t } = useTranslation('settings');
  const [isTurningOff, setIsTurningOff] = useState(false);
  return (
    <div className="space-y-4">
      <StatusLine isOn />
      <p className="text-sm text-neutral-700 dark:text-neutral-300">
        {t('twoFactor.backupCodesLeft', { count: backupCodesLeft })}
      </p>
      {isTurningOff ? (
        <DisableTwoFactor onClose={() => setIsTurningOff(false)} />
      ) : (
        <Button variant="secondary" onClick={() => setIsTurningOff(true)}>
          {t('twoFactor.turnOff')}
        </Button>
      )}
    </div>
  );
}

function DisableTwoFactor({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('settings');
  const disable = useDisableTwoFactor();
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});

  useEffect(() => passwordRef.current?.focus(), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = passwordRef.current?.value ?? '';
    const code = codeRef.current?.value.trim() ?? '';
    const found = {
      password: password ? undefined : t('validation.currentPasswordRequired'),
      code: code ? undefined : t('twoFactor.codeOrBackupRequired'),
    };
    setErrors(found);
    if (found.password || found.code) {
      (found.password ? passwordRef : codeRef).current?.focus();
      return;
    }
    disable.mutate(
      { password, code },
      {
        // The server's "Two-factor sign-in is off." in the user's language.
        onSuccess: () => {
          toast.success(t('twoFactor.turnedOff'));
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.code === ErrorCode.WRONG_PASSWORD) {
            setErrors({ password: errorMessage(error, t('twoFactor.disableFailed')) });
            passwordRef.current?.focus();
            disable.reset();
          } else if (error.code === ErrorCode.INVALID_CODE) {
            setErrors({ code: errorMessage(error, t('twoFactor.disableFailed')) });
            codeRef.current?.focus();
            disable.reset();
          }
        },
      },
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-label={t('twoFactor.turnOffTwoFactor')}
    >
      <p className="text-sm text-neutral-700 dark:text-neutral-300">
        {t('twoFactor.disableIntro')}
      </p>
      {disable.isError ? (
        <Alert>{errorMessage(disable.error, t('twoFactor.disableFailed'))}</Alert>
      ) : null}
      <PasswordInput
        ref={passwordRef}
        label={t('twoFactor.password')}
        name="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <TextField
        ref={codeRef}
        label={t('twoFactor.code')}
        name="code"
        autoComplete="one-time-code"
        maxLength={64}
        required
        error={errors.code}
        className="max-w-xs"
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" variant="danger" disabled={disable.isPending}>
          {disable.isPending ? t('twoFactor.turningOff') : t('twoFactor.turnOffTwoFactor')}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={disable.isPending}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
