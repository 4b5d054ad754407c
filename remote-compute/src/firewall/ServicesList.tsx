import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DismissCircleRegular, ShieldLockRegular } from '@fluentui/react-icons';
import type { FirewallFieldsFragment } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';

const useStyles = makeStyles({
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  item: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  port: { fontFamily: tokens.fontFamilyMonospace, color: tokens.colorNeutralForeground2 },
  text: { color: tokens.colorNeutralForeground3 },
});

const LOOK = {
  OPEN: { color: 'success', icon: <CheckmarkCircleRegular /> },
  RESTRICTED: { color: 'warning', icon: <ShieldLockRegular /> },
  FILTERED: { color: 'danger', icon: <DismissCircleRegular /> },
} as const;

/** The instance's services and whether a connection from the internet gets through the rules. */
export function ServicesList({ services }: { services: FirewallFieldsFragment['services'] }) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  return (
    <ul className={styles.list}>
      {services.map((s) => (
        <li key={`${s.protocol}/${s.port}`} className={styles.item} data-testid={`service-${s.port}`}>
          <strong>{s.name}</strong>
          <span className={styles.port}>
            {s.protocol} {s.port}
          </span>
          <Badge appearance="tint" color={LOOK[s.reachability].color} icon={LOOK[s.reachability].icon}>
            {t(`firewall.reachability.${s.reachability}`)}
          </Badge>
          <span className={styles.text}>{t(`firewall.reachabilityText.${s.reachability}`)}</span>
        </li>
      ))}
    </ul>
  );
}
