import type { VendorRegistration, VendorUpdate } from '@wps/contracts/games-admin';
import type { SyntheticEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { EditorSaveBar, useDraft } from '../../components/editor-form';
import { EditorNewButton, EditorPanel, useEditing } from '../../components/editor-panel';
import { EditorRowActions } from '../../components/editor-row-actions';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { CheckboxField } from '../../components/shared-field';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../session/api';
import { useRegisterVendor, useUpdateVendor, useVendors, type VendorSummary } from './api';
import { fromLocalInput, toLocalInput } from '../../lib/local-time';
import './games.css';

const columns = ['Vendor', 'Wallet', 'Launch URL', 'Wallet key', 'Games', 'Status', ''];

/** The wallet modes the platform speaks: its own games are the house's, never registered here. */
const walletModes: Record<VendorSummary['integration'], string> = {
  seamless: 'Seamless wallet (the vendor calls our wallet)',
  house: "The platform's own games",
};

const Status = ({ vendor }: { vendor: VendorSummary }) => {
  const { maintenance } = vendor;
  if (!vendor.isEnabled) return <span className="badge badge--rejected">Disabled</span>;
  if (maintenance.isActive) {
    return (
      <span className="badge badge--pending" data-testid={`vendor-${vendor.code}-maintenance`}>
        Maintenance{maintenance.endsAt ? ` until ${formatDateTime(maintenance.endsAt)}` : ''}
      </span>
    );
  }
  return <span className="badge badge--approved">Live</span>;
};

type Draft = {
  code: string;
  displayName: string;
  launchUrl: string;
  /** A new key; empty keeps the one set. */
  walletPublicKey: string;
  removeKey: boolean;
  isEnabled: boolean;
  maintenanceOn: boolean;
  maintenanceEndsAt: string;
};

const draftOf = (vendor: VendorSummary | null): Draft => ({
  code: vendor?.code ?? '',
  displayName: vendor?.displayName ?? '',
  launchUrl: vendor?.launchUrl ?? '',
  walletPublicKey: '',
  removeKey: false,
  isEnabled: vendor?.isEnabled ?? true,
  maintenanceOn: vendor?.maintenance.isOn ?? false,
  maintenanceEndsAt: toLocalInput(vendor?.maintenance.endsAt ?? null),
});

const registrationOf = (draft: Draft): VendorRegistration => ({
  code: draft.code.trim().toUpperCase(),
  displayName: draft.displayName.trim(),
  integration: 'seamless',
  isEnabled: draft.isEnabled,
  ...(draft.launchUrl.trim() === '' ? {} : { launchUrl: draft.launchUrl.trim() }),
  ...(draft.walletPublicKey.trim() === '' ? {} : { walletPublicKey: draft.walletPublicKey.trim() }),
});

/** Only what changed; the key is sent when a new one is typed (or its removal asked), never read back. */
const updateOf = (vendor: VendorSummary, draft: Draft): VendorUpdate => {
  const launchUrl = draft.launchUrl.trim() === '' ? null : draft.launchUrl.trim();
  const maintenance = {
    isOn: draft.maintenanceOn,
    endsAt: draft.maintenanceOn ? fromLocalInput(draft.maintenanceEndsAt) : null,
  };
  const isMaintenanceChanged =
    maintenance.isOn !== vendor.maintenance.isOn ||
    (maintenance.isOn && draft.maintenanceEndsAt !== toLocalInput(vendor.maintenance.endsAt));
  return {
    ...(draft.displayName.trim() === vendor.displayName ? {} : { displayName: draft.displayName.trim() }),
    ...(launchUrl === vendor.launchUrl ? {} : { launchUrl }),
    ...(draft.isEnabled === vendor.isEnabled ? {} : { isEnabled: draft.isEnabled }),
    ...(draft.removeKey
      ? { walletPublicKey: null }
      : draft.walletPublicKey.trim() === ''
        ? {}
        : { walletPublicKey: draft.walletPublicKey.trim() }),
    ...(isMaintenanceChanged ? { maintenance } : {}),
  };
};

/** Registers a vendor (no vendor given) or changes one; the key is write-only. */
function VendorForm({ vendor, onDone }: { vendor: VendorSummary | null; onDone: () => void }) {
  const { draft, set } = useDraft(() => draftOf(vendor));
  const register = useRegisterVendor();
  const update = useUpdateVendor();
  const saving = vendor ? update : register;
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (vendor === null) {
      register.mutate(registrationOf(draft), { onSuccess: onDone });
      return;
    }
    const body = updateOf(vendor, draft);
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    update.mutate({ code: vendor.code, body }, { onSuccess: onDone });
  };
  const keyState = vendor?.walletKeyFingerprint
    ? `set (SHA-256 ${vendor.walletKeyFingerprint.slice(0, 16)}…)`
    : 'not set';
  return (
    <form
      className="games-form"
      onSubmit={onSubmit}
      aria-label={vendor ? `Edit ${vendor.code}` : 'Register a vendor'}
    >
      <label>
        Code (capitals, digits and _)
        <input
          value={draft.code}
          required
          disabled={vendor !== null}
          pattern="[A-Za-z0-9_]{2,24}"
          data-testid="vendor-code"
          onChange={(event) => {
            set({ code: event.target.value });
          }}
        />
      </label>
      <label>
        Name
        <input
          value={draft.displayName}
          required
          maxLength={64}
          data-testid="vendor-displayName"
          onChange={(event) => {
            set({ displayName: event.target.value });
          }}
        />
      </label>
      <p className="muted">
        Wallet mode: {walletModes[vendor?.integration ?? 'seamless']}. The platform offers no transfer wallet.
      </p>
      <label>
        Launch URL (where the vendor&apos;s games open)
        <input
          type="url"
          value={draft.launchUrl}
          placeholder="https://games.vendor.example/launch"
          data-testid="vendor-launchUrl"
          onChange={(event) => {
            set({ launchUrl: event.target.value });
          }}
        />
      </label>
      <label>
        {vendor
          ? `Wallet public key (${keyState}); paste a new one to replace it`
          : 'Wallet public key (RSA, PEM)'}
        <textarea
          value={draft.walletPublicKey}
          rows={4}
          placeholder="-----BEGIN PUBLIC KEY-----"
          autoComplete="off"
          disabled={draft.removeKey}
          data-testid="vendor-walletPublicKey"
          onChange={(event) => {
            set({ walletPublicKey: event.target.value });
          }}
        />
      </label>
      {vendor?.walletKeyFingerprint ? (
        <CheckboxField
          label="Remove the key (the vendor's wallet calls are refused until a new one is set)"
          checked={draft.removeKey}
          testId="vendor-removeKey"
          onChange={(removeKey) => {
            set({ removeKey, walletPublicKey: '' });
          }}
        />
      ) : null}
      <CheckboxField
        label="Enabled (its games are listed)"
        checked={draft.isEnabled}
        testId="vendor-isEnabled"
        onChange={(isEnabled) => {
          set({ isEnabled });
        }}
      />
      {vendor ? (
        <fieldset className="games-fieldset">
          <legend>Maintenance</legend>
          <CheckboxField
            label="Under maintenance (its games do not launch)"
            checked={draft.maintenanceOn}
            testId="vendor-maintenanceOn"
            onChange={(maintenanceOn) => {
              set({ maintenanceOn });
            }}
          />
          <label>
            Until (empty: until switched off)
            <input
              type="datetime-local"
              value={draft.maintenanceEndsAt}
              disabled={!draft.maintenanceOn}
              data-testid="vendor-maintenanceEndsAt"
              onChange={(event) => {
                set({ maintenanceEndsAt: event.target.value });
              }}
            />
          </label>
        </fieldset>
      ) : null}
      <EditorSaveBar
        saving={saving}
        testId="vendor"
        errorTestId="vendor-save-error"
        saveLabel={vendor ? 'Save' : 'Register'}
        className="actions"
        onCancel={onDone}
      />
    </form>
  );
}

/**
 * The game vendors: who they are, how their wallet connects (key shown only as set, by its fingerprint), where
 * their games launch, and whether they are live, disabled or under maintenance. Staff with games.manage
 * register and change them; games arrive through the vendor's catalogue sync.
 */
export const VendorsPage = () => {
  const canManage = useCan()('games.manage');
  const vendors = useVendors();
  const editing = useEditing<VendorSummary>();
  const list = vendors.data ?? [];
  return (
    <section aria-labelledby="vendors-title">
      <header className="page-header">
        <h1 id="vendors-title">Game vendors</h1>
        {canManage ? (
          <div className="actions">
            <EditorNewButton testId="vendor-new" onClick={editing.startNew}>
              Register a vendor
            </EditorNewButton>
          </div>
        ) : null}
      </header>
      <ErrorMessage error={vendors.error} testId="vendors-error" />
      <ListTable
        testId="vendors"
        columns={columns}
        isLoading={vendors.isPending}
        isEmpty={vendors.isSuccess && list.length === 0}
        emptyMessage="No vendor is registered."
      >
        {list.map((vendor) => (
          <tr key={vendor.code} data-testid={`vendor-${vendor.code}`}>
            <td>
              <strong>{vendor.displayName}</strong> <span className="muted">{vendor.code}</span>
              {vendor.isDemo ? <span className="muted"> (demo)</span> : null}
            </td>
            <td>{vendor.integration === 'seamless' ? 'Seamless' : 'House'}</td>
            <td className="games-url">{vendor.launchUrl ?? '—'}</td>
            <td data-testid={`vendor-${vendor.code}-key`}>
              {vendor.walletKeyFingerprint ? (
                <span title={`SHA-256 ${vendor.walletKeyFingerprint}`}>set</span>
              ) : (
                <span className="muted">not set</span>
              )}
            </td>
            <td className="number">
              {vendor.enabledGameCount} / {vendor.gameCount}
            </td>
            <td>
              <Status vendor={vendor} />
            </td>
            <EditorRowActions
              canEdit={canManage}
              edit={{
                testId: `vendor-${vendor.code}-edit`,
                onClick: () => {
                  editing.edit(vendor);
                },
              }}
            />
          </tr>
        ))}
      </ListTable>
      <EditorPanel editing={editing} keyOf={(vendor) => vendor.code}>
        {(vendor, onDone) => (
          <Dialog
            title={vendor ? `Edit ${vendor.displayName}` : 'Register a vendor'}
            onClose={onDone}
            testId="vendor-dialog"
          >
            <VendorForm vendor={vendor} onDone={onDone} />
          </Dialog>
        )}
      </EditorPanel>
    </section>
  );
};
