import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { LockClosedRegular, PaymentRegular } from '@fluentui/react-icons';
import { fieldError, useValidationText, VALIDATION_KEYS } from '@portal/shared';
import type { ReactElement } from 'react';
import { useField } from 'react-final-form';
import { useBillingTranslation } from '../i18n/useBillingTranslation';
import {
  BRAND_NAMES,
  type CardBrand,
  type CardProblem,
  cardBrand,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  cvcLength,
  formatCardNumber,
  formatExpiry,
} from './card';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    border: 'none',
    margin: 0,
    padding: 0,
    minWidth: 0,
  },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalM,
  },
  brand: {
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
    whiteSpace: 'nowrap',
  },
  field: { minWidth: 0 },
  input: { width: '100%', minWidth: 0 },
  note: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
});

const keep = (value: unknown) => value;

/** A Fluent input bound to a final-form field of the card, with the field's check. */
function CardInput({
  name,
  label,
  validate,
  format,
  contentAfter,
  ...input
}: {
  name: string;
  label: string;
  validate: (value: string) => string | undefined;
  format?: (value: string, previous: string) => string;
  contentAfter?: ReactElement;
  autoComplete: string;
  inputMode?: 'numeric' | 'text';
  placeholder?: string;
  maxLength?: number;
}) {
  const { input: field, meta } = useField<string>(name, {
    parse: keep,
    validate: (value) => validate(value ?? ''),
  });
  const text = useValidationText();
  const error = text(fieldError(meta));
  const styles = useStyles();
  return (
    <Field
      className={styles.field}
      label={label}
      required
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
    >
      <Input
        {...input}
        className={styles.input}
        name={field.name}
        value={field.value ?? ''}
        contentAfter={contentAfter}
        onChange={(event) => {
          const value = event.target.value;
          field.onChange(format ? format(value, field.value ?? '') : value);
        }}
        onBlur={() => field.onBlur()}
        onFocus={() => field.onFocus()}
      />
    </Field>
  );
}

/**
 * The sandbox's card form, mirroring Stripe's Payment Element: number grouped as printed with the
 * brand named as soon as it shows, expiry MM / YY, CVC, cardholder name; each field checked when the
 * user leaves it (Stripe's messages). The values stay in the browser until they are sent to the
 * payment provider's confirm endpoint with the intent's client secret, never to our GraphQL api.
 */
export function SandboxCardFields({
  name = 'card',
  now = () => new Date(),
}: {
  name?: string;
  now?: () => Date;
}) {
  const styles = useStyles();
  const { t } = useBillingTranslation();
  const { input: number } = useField<string>(`${name}.number`, { subscription: { value: true } });
  const brand: CardBrand = cardBrand(number.value ?? '');
  const problem = (code: CardProblem | null) => (code ? t(`payments.card.problem.${code}`) : undefined);
  return (
    <fieldset className={styles.root} aria-label={t('payments.card.group')}>
      <CardInput
        name={`${name}.number`}
        label={t('payments.card.number')}
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        format={formatCardNumber}
        validate={(value) => problem(checkCardNumber(value))}
        contentAfter={
          brand === 'unknown' ? (
            <PaymentRegular aria-hidden />
          ) : (
            <span className={styles.brand} data-testid="card-brand">
              {BRAND_NAMES[brand]}
            </span>
          )
        }
      />
      <div className={styles.row}>
        <CardInput
          name={`${name}.expiry`}
          label={t('payments.card.expiry')}
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder={t('payments.card.expiryPlaceholder')}
          maxLength={7}
          format={formatExpiry}
          validate={(value) => problem(checkExpiry(value, now()))}
        />
        <CardInput
          name={`${name}.cvc`}
          label={t('payments.card.cvc')}
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder={brand === 'amex' ? '1234' : '123'}
          maxLength={cvcLength(brand)}
          format={(value) => value.replace(/\D/g, '').slice(0, cvcLength(brand))}
          validate={(value) => problem(checkCvc(value, brand))}
        />
      </div>
      <CardInput
        name={`${name}.name`}
        label={t('payments.card.name')}
        autoComplete="cc-name"
        validate={(value) => (value.trim() ? undefined : VALIDATION_KEYS.required)}
      />
      <span className={styles.note}>
        <LockClosedRegular aria-hidden />
        {t('payments.card.sandboxNote')}
      </span>
    </fieldset>
  );
}
