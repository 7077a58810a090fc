import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/SelectField';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';
import { textLinkClasses } from '@/components/ui/link-styles';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import {
  useConnectBank,
  useEnableBankingBanks,
  useSetEnableBankingApp,
} from '../api/bank-connections';

const SIMPLEFIN_BRIDGE = 'https://beta-bridge.simplefin.org';
const ENABLE_BANKING = 'https://enablebanking.com';

const outside = (href: string) => (
  <a href={href} target="_blank" rel="noreferrer" className={textLinkClasses} />
);

/** The two guided ways to connect a bank: a SimpleFIN setup token, or Enable Banking's consent. */
export function AddBankConnection() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ConnectSimplefin />
      <ConnectEnableBanking />
    </div>
  );
}

function ConnectSimplefin() {
  const { t } = useTranslation('settings');
  const connect = useConnectBank();
  const [token, setToken] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    connect.mutate(
      { provider: 'simplefin', setupToken: token },
      {
        onSuccess: () => {
          setToken('');
          toast.success(t('bank.connected'));
        },
        onError: (error) => toast.error(errorMessage(error, t('bank.connectFailed'))),
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-xl bg-neutral-50 p-4 dark:bg-neutral-800/40"
    >
      <h3 className="font-medium text-neutral-900 dark:text-white">{t('bank.simplefin.title')}</h3>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        <Trans
          t={t}
          i18nKey="bank.simplefin.help"
          components={{ bridge: outside(SIMPLEFIN_BRIDGE) }}
        />
      </p>
      <TextField
        label={t('bank.simplefin.token')}
        value={token}
        autoComplete="off"
        onChange={(event) => setToken(event.target.value)}
      />
      <Button type="submit" disabled={!token.trim() || connect.isPending}>
        {connect.isPending ? t('bank.connecting') : t('bank.connect')}
      </Button>
    </form>
  );
}

function ConnectEnableBanking() {
  const { t } = useTranslation('settings');
  const setApp = useSetEnableBankingApp();
  const connect = useConnectBank();
  const [applicationId, setApplicationId] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  const [country, setCountry] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const banks = useEnableBankingBanks(chosen);
  const [bank, setBank] = useState('');

  function saveKey(event: FormEvent) {
    event.preventDefault();
    setApp.mutate(
      { applicationId, privateKey },
      {
        onSuccess: () => {
          setPrivateKey('');
          toast.success(t('bank.enablebanking.keySaved'));
        },
        onError: (error) => toast.error(errorMessage(error, t('bank.enablebanking.keyFailed'))),
      },
    );
  }

  function goToBank() {
    connect.mutate(
      { provider: 'enablebanking', bank: { name: bank, country: chosen ?? '' } },
      {
        onSuccess: (answer) => {
          if ('authorisationUrl' in answer) window.location.assign(answer.authorisationUrl);
        },
        onError: (error) => toast.error(errorMessage(error, t('bank.connectFailed'))),
      },
    );
  }

  return (
    <div className="space-y-3 rounded-xl bg-neutral-50 p-4 dark:bg-neutral-800/40">
      <h3 className="font-medium text-neutral-900 dark:text-white">
        {t('bank.enablebanking.title')}
      </h3>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        <Trans
          t={t}
          i18nKey="bank.enablebanking.help"
          components={{ site: outside(ENABLE_BANKING) }}
        />
      </p>
      <form onSubmit={saveKey} className="space-y-3">
        <TextField
          label={t('bank.enablebanking.applicationId')}
          value={applicationId}
          onChange={(event) => setApplicationId(event.target.value)}
        />
        <TextAreaField
          label={t('bank.enablebanking.privateKey')}
          value={privateKey}
          rows={3}
          onChange={(event) => setPrivateKey(event.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={!applicationId || !privateKey || setApp.isPending}
        >
          {t('bank.enablebanking.saveKey')}
        </Button>
      </form>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label={t('bank.enablebanking.country')}
          value={country}
          maxLength={2}
          className="w-28"
          onChange={(event) => setCountry(event.target.value.toUpperCase())}
        />
        <Button
          variant="secondary"
          disabled={country.length !== 2}
          onClick={() => setChosen(country)}
        >
          {t('bank.enablebanking.findBanks')}
        </Button>
      </div>
      {banks.isError ? (
        <p className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(banks.error, t('bank.enablebanking.banksFailed'))}
        </p>
      ) : null}
      {banks.data ? (
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            label={t('bank.enablebanking.bank')}
            value={bank}
            onChange={(event) => setBank(event.target.value)}
          >
            <option value="" disabled>
              {t('bank.enablebanking.chooseBank')}
            </option>
            {banks.data.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.name}
              </option>
            ))}
          </SelectField>
          <Button disabled={!bank || connect.isPending} onClick={goToBank}>
            {t('bank.enablebanking.goToBank')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
