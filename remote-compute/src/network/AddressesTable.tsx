import {
  Badge,
  Button,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useNarrow } from '../common/useNarrow';
import type { IpAddressFieldsFragment } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { CopyButton } from './CopyButton';
import { ReverseDnsDialog } from './ReverseDnsDialog';

const useStyles = makeStyles({
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  table: { minWidth: '760px', tableLayout: 'auto' },
  mono: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'nowrap' },
  cell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  cards: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  card: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`,
    alignItems: 'center',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  wrap: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});

/** An instance's addresses: kind, family, network, gateway, reverse DNS (editable for public ones). */
export function AddressesTable({
  contractUid,
  instanceUid,
  addresses,
}: {
  contractUid: string;
  instanceUid: string;
  addresses: IpAddressFieldsFragment[];
}) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const [editing, setEditing] = useState<IpAddressFieldsFragment | null>(null);
  const narrow = useNarrow();
  const rdns = (a: IpAddressFieldsFragment, text: string) =>
    a.kindName === 'PUBLIC' ? (
      <span className={styles.cell}>
        <span className={a.rdns ? text : styles.muted}>{a.rdns ?? t('network.rdnsNone')}</span>
        {a.rdns && a.rdnsIsDefault ? (
          <span className={styles.muted}>({t('network.rdnsDefault')})</span>
        ) : null}
        <Button
          size="small"
          appearance="subtle"
          icon={<EditRegular />}
          aria-label={t('network.editRdns', { address: a.address })}
          onClick={() => setEditing(a)}
        />
      </span>
    ) : (
      <span className={styles.muted}>{t('network.rdnsNotApplicable')}</span>
    );
  const dialog = editing ? (
    <ReverseDnsDialog
      contractUid={contractUid}
      instanceUid={instanceUid}
      address={editing}
      onClose={() => setEditing(null)}
    />
  ) : null;
  if (narrow)
    return (
      <>
        <ul className={styles.cards} aria-label={t('network.addresses')}>
          {addresses.map((a) => (
            <li key={a.uid} className={styles.card}>
              <span className={styles.cell}>
                <Badge appearance="tint" color={a.kind === 1 ? 'brand' : 'informative'}>
                  {t(`network.kindName.${a.kindName}`)}
                </Badge>
                {a.family === 'IPV4' ? 'IPv4' : 'IPv6'}
              </span>
              <span className={styles.cell}>
                <span className={styles.wrap}>{a.address}</span>
                <CopyButton value={a.address} what={a.address} />
              </span>
              <span className={styles.muted}>{t('network.networkRange')}</span>
              <span className={styles.wrap}>{a.network}</span>
              <span className={styles.muted}>{t('network.gateway')}</span>
              <span className={styles.wrap}>{a.gateway ?? '—'}</span>
              <span className={styles.muted}>{t('network.rdns')}</span>
              {rdns(a, styles.wrap)}
            </li>
          ))}
        </ul>
        {dialog}
      </>
    );
  return (
    <div className={styles.scroller}>
      <Table className={styles.table} aria-label={t('network.addresses')} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('network.address')}</TableHeaderCell>
            <TableHeaderCell>{t('network.family')}</TableHeaderCell>
            <TableHeaderCell>{t('network.kind')}</TableHeaderCell>
            <TableHeaderCell>{t('network.networkRange')}</TableHeaderCell>
            <TableHeaderCell>{t('network.gateway')}</TableHeaderCell>
            <TableHeaderCell>{t('network.rdns')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {addresses.map((a) => {
            const family = a.family === 'IPV4' ? 'IPv4' : 'IPv6';
            return (
              <TableRow key={a.uid}>
                <TableCell>
                  <span className={styles.cell}>
                    <span className={styles.mono}>{a.address}</span>
                    <CopyButton value={a.address} what={a.address} />
                  </span>
                </TableCell>
                <TableCell>{family}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={a.kind === 1 ? 'brand' : 'informative'}>
                    {t(`network.kindName.${a.kindName}`)}
                  </Badge>
                </TableCell>
                <TableCell className={styles.mono}>{a.network}</TableCell>
                <TableCell className={styles.mono}>{a.gateway ?? '—'}</TableCell>
                <TableCell>{rdns(a, styles.mono)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {dialog}
    </div>
  );
}
