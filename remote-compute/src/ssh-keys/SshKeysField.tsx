import { Button, Caption1, Checkbox, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { AddRegular, KeyRegular } from '@fluentui/react-icons';
import { fieldError, usePortal, useValidationText } from '@portal/shared';
import { useId, useState } from 'react';
import { useField } from 'react-final-form';
import { useQuery } from 'urql';
import { SshKeysDocument } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { AddSshKeyDialog } from './AddSshKeyDialog';

const useStyles = makeStyles({
  root: {
    border: 'none',
    margin: 0,
    padding: 0,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  legend: { padding: 0, fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalXS },
  hint: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  list: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
    gap: tokens.spacingVerticalXS,
  },
  label: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  fingerprint: {
    color: tokens.colorNeutralForeground3,
    overflowWrap: 'anywhere',
    fontFamily: tokens.fontFamilyMonospace,
  },
  add: { alignSelf: 'flex-start' },
});

/**
 * The signed-in user's SSH keys as checkboxes (final-form field `sshKeyUids`), with "Add SSH key"
 * right here (like DigitalOcean's create-droplet). A fieldset, not a Fluent Field: a Field gives
 * every checkbox inside the same id.
 */
export function SshKeysField({ name = 'sshKeyUids' }: { name?: string }) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { notify } = usePortal();
  const id = useId();
  const [{ data, fetching }, reload] = useQuery({ query: SshKeysDocument });
  const { input, meta } = useField<string[]>(name);
  const text = useValidationText();
  const error = text(fieldError(meta));
  const chosen = input.value || [];
  const [adding, setAdding] = useState(false);
  const keys = data?.sshKeys ?? [];
  const toggle = (uid: string, on: boolean) =>
    input.onChange(on ? [...chosen.filter((v) => v !== uid), uid] : chosen.filter((v) => v !== uid));
  return (
    <fieldset className={styles.root} aria-describedby={`${id}-hint`} aria-invalid={error ? true : undefined}>
      <legend className={styles.legend}>{t('sshKeys.heading')}</legend>
      <Caption1 id={`${id}-hint`} className={styles.hint}>
        {t('sshKeys.hint')}
      </Caption1>
      {fetching && !data ? (
        <Spinner size="tiny" label={t('common.loading')} />
      ) : keys.length === 0 ? (
        <Caption1>{t('sshKeys.none')}</Caption1>
      ) : (
        <div className={styles.list}>
          {keys.map((key) => (
            <Checkbox
              key={key.uid}
              id={`${id}-${key.uid}`}
              checked={chosen.includes(key.uid)}
              onChange={(_event, { checked }) => toggle(key.uid, checked === true)}
              label={{
                children: (
                  <span className={styles.label}>
                    <span>
                      <KeyRegular aria-hidden="true" /> {key.name}
                    </span>
                    <Caption1 className={styles.fingerprint}>
                      {t('sshKeys.keySpecs', {
                        type: key.type,
                        bits: key.bits,
                        fingerprint: key.fingerprint,
                      })}
                    </Caption1>
                  </span>
                ),
              }}
            />
          ))}
        </div>
      )}
      {error && (
        <Caption1 role="alert" className={styles.error}>
          {error}
        </Caption1>
      )}
      <Button className={styles.add} icon={<AddRegular />} onClick={() => setAdding(true)}>
        {t('sshKeys.add')}
      </Button>
      <AddSshKeyDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(key) => {
          setAdding(false);
          input.onChange([...chosen, key.uid]);
          reload({ requestPolicy: 'network-only' });
          notify({ type: 'success', message: t('sshKeys.added', { name: key.name }) });
        }}
      />
    </fieldset>
  );
}
