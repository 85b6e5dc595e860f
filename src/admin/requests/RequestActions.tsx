/**
 * The queue buttons of the membership and travel request lists, on react-admin's list
 * selection: 'Aksepter' asks first, naming the count and each applicant (accepting sends mail at
 * once), then acts on every selected row (one call each, one toast for the batch, and a summary
 * naming each one that failed); a cancelled question clears the selection, 'Avvis' with exactly one row selected (the reject
 * dialog; cancelling it clears the selection too). Afterwards the request lists, the declined list and the menu badges are read again.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useListContext, useTranslate, type Identifier } from 'react-admin';
import type { RejectKind, RejectValues, StaffDataProvider } from '../../dataProvider/index.ts';
import type { RequestMember } from '../../dataProvider/types.ts';
import { useReadAgain } from '../readAgain.ts';
import { useToast } from '../toast.tsx';
import { RejectDialog } from './rejectDialogOnOpen.ts';
import { useCan } from '../access/rights.ts';
import { useFocusQueue } from '../lists/QueueList.tsx';
import '../../i18n/app/requests-pages-nb.ts';

export type QueueKind = Exclude<RejectKind, 'instrument'>;

interface QueueRow {
  id: Identifier;
  member_id: number;
  member: RequestMember;
}

/** The spec's toasts per queue; a failure is the "contact the provider" message for memberships. */
const MESSAGES: Record<
  QueueKind,
  {
    accepted: string;
    rejected: string;
    rejectTitle: string;
    failed: 'contactProvider' | string;
    confirmTitle: string;
    confirmText: string;
  }
> = {
  membership: {
    confirmTitle: 'app.staff_review.accept_membership_title',
    confirmText: 'app.staff_review.accept_membership_text',
    accepted: 'app.requests.membership_accepted',
    rejected: 'app.requests.membership_rejected',
    rejectTitle: 'app.requests.membership_reject_title',
    failed: 'contactProvider',
  },
  travel: {
    confirmTitle: 'app.staff_review.accept_travel_title',
    confirmText: 'app.staff_review.accept_travel_text',
    accepted: 'app.requests.travel_accepted',
    rejected: 'app.requests.travel_rejected',
    rejectTitle: 'app.requests.travel_reject_title',
    failed: 'app.errors.generic_bang',
  },
};

const memberName = (member: RequestMember) => `${member.first_name} ${member.last_name}`;

/**
 * After an accept or reject (custom calls react-admin cannot know the effect of): the queue, the
 * declined list a rejected application moves to, and the menu badges are read again.
 */
function useAfterAction() {
  const readAgain = useReadAgain();
  const { onUnselectItems } = useListContext();
  return async () => {
    onUnselectItems();
    await readAgain();
  };
}

/** A refusal the server explains (already handled: 409) is shown as it says; anything else as the spec's failure. */
const explained = (error: unknown): string | undefined => {
  const status = (error as { status?: number })?.status;
  return status === 409 || status === 422 ? (error as Error).message : undefined;
};

function useFailureToast(kind: QueueKind) {
  const toast = useToast();
  return (message?: string) => {
    const failed = MESSAGES[kind].failed;
    if (message) toast.error(message);
    else if (failed === 'contactProvider') toast.contactProvider();
    else toast.error(failed);
  };
}

/** 'Aksepter', for staff who may decide requests ('requests.decide'). */
export function AcceptSelectedButton({ kind }: { kind: QueueKind }) {
  return useCan('requests.decide') ? <AcceptSelected kind={kind} /> : null;
}

/** 'Avvis', for staff who may decide requests ('requests.decide'). */
export function RejectSelectedButton({ kind }: { kind: QueueKind }) {
  return useCan('requests.decide') ? <RejectSelected kind={kind} /> : null;
}

function AcceptSelected({ kind }: { kind: QueueKind }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { selectedIds, data = [], onUnselectItems } = useListContext<QueueRow>();
  const toast = useToast();
  const failure = useFailureToast(kind);
  const afterAction = useAfterAction();
  const focusQueue = useFocusQueue();
  const [asking, setAsking] = useState(false);
  const chosen = selectedIds.map((id) => data.find((row) => row.id === id)).filter((row): row is QueueRow => row !== undefined);
  const titleId = `accept-${kind}-title`;

  const cancel = () => {
    setAsking(false);
    onUnselectItems();
  };

  // One call per selected row; the batch settles as a whole, so one toast can name each that failed.
  const { mutate: acceptRows, isPending: busy } = useMutation({
    mutationFn: async (rows: QueueRow[]) => {
      const results = await Promise.allSettled(rows.map((row) => dataProvider.acceptRequest(row.id)));
      return results.flatMap((result, index) => (result.status === 'rejected' ? [{ row: rows[index], error: result.reason as unknown }] : []));
    },
    onSuccess: (failed, rows) => {
      if (failed.length === 0) toast.success(MESSAGES[kind].accepted);
      else if (rows.length === 1) failure(explained(failed[0].error));
      else {
        failure(
          translate('app.requests.accept_summary', {
            accepted: rows.length - failed.length,
            total: rows.length,
            failed: failed
              .map(({ row, error }) => {
                const reason = explained(error);
                return `${memberName(row.member)}${reason ? ` (${reason})` : ''}`;
              })
              .join('; '),
          }),
        );
      }
    },
    // The button goes disabled with the selection: the focus moves to the list, not the page body.
    onSettled: async () => {
      await afterAction();
      focusQueue();
    },
  });

  const accept = () => {
    setAsking(false);
    acceptRows(chosen);
  };

  return (
    <>
      <Button variant="contained" color="success" startIcon={<CheckIcon />} disabled={chosen.length === 0 || busy} onClick={() => setAsking(true)}>
        {translate('app.requests.accept')}
      </Button>
      <Dialog open={asking && chosen.length > 0} onClose={cancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>{translate(MESSAGES[kind].confirmTitle, { smart_count: chosen.length })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate(MESSAGES[kind].confirmText, { smart_count: chosen.length })}</DialogContentText>
          <ul>
            {chosen.map((row) => (
              <li key={row.id}>{memberName(row.member)}</li>
            ))}
          </ul>
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel}>{translate('app.cancel')}</Button>
          <Button variant="contained" color="success" onClick={accept} autoFocus>
            {translate('app.requests.accept')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function RejectSelected({ kind }: { kind: QueueKind }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { selectedIds, data = [], onUnselectItems } = useListContext<QueueRow>();
  const toast = useToast();
  const failure = useFailureToast(kind);
  const afterAction = useAfterAction();
  const [open, setOpen] = useState(false);
  const cancel = () => {
    setOpen(false);
    onUnselectItems();
  };
  const row = selectedIds.length === 1 ? data.find((candidate) => candidate.id === selectedIds[0]) : undefined;
  // The dialog awaits the promise: it stays open (with what was typed) when the call fails.
  const { mutateAsync: reject } = useMutation({
    mutationFn: ({ id, values }: { id: Identifier; values: RejectValues }) => dataProvider.rejectRequest(id, values),
    onSuccess: () => {
      toast.success(MESSAGES[kind].rejected);
      setOpen(false);
      return afterAction();
    },
    onError: (error) => failure(explained(error)),
  });

  return (
    <>
      <Button variant="contained" color="error" startIcon={<CloseIcon />} disabled={!row} onClick={() => setOpen(true)}>
        {translate('app.requests.reject')}
      </Button>
      {row && (
        <RejectDialog
          open={open}
          kind={kind}
          memberId={row.member_id}
          title={translate(MESSAGES[kind].rejectTitle, { name: memberName(row.member) })}
          onClose={cancel}
          onReject={async (values) => {
            await reject({ id: row.id, values });
          }}
        />
      )}
    </>
  );
}
