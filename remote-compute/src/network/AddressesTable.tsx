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
                <TableCell>
                  {a.kindName === 'PUBLIC' ? (
                    <span className={styles.cell}>
                      <span className={a.rdns ? styles.mono : styles.muted}>
                        {a.rdns ?? t('network.rdnsNone')}
                      </span>
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
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {editing ? (
        <ReverseDnsDialog
          contractUid={contractUid}
          instanceUid={instanceUid}
          address={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
