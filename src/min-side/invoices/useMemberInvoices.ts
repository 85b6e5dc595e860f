/** The member's invoices and whether Vipps can be used, loaded once for the banner and the card. */
import { useEffect, useState } from 'react';
import { api } from '../api.ts';
import { invoiceApi, type MemberInvoice } from './invoiceApi.ts';

export interface MemberInvoices {
  invoices: MemberInvoice[] | null;
  failed: boolean;
  /** Vipps (or the test checkout standing in for it) can take the payment. */
  vipps: { available: boolean; testCheckout: boolean };
}

export function useMemberInvoices(memberId: number): MemberInvoices {
  const [invoices, setInvoices] = useState<MemberInvoice[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [vipps, setVipps] = useState({ available: false, testCheckout: false });
  useEffect(() => {
    let live = true;
    void invoiceApi.list(memberId).then((result) => {
      if (!live) return;
      if (result.ok) setInvoices(result.data.data);
      else setFailed(true);
    });
    void api.vippsOffer().then((result) => {
      if (live && result.ok) setVipps({ available: result.data.data.available, testCheckout: result.data.data.test_checkout });
    });
    return () => {
      live = false;
    };
  }, [memberId]);
  return { invoices, failed, vipps };
}
