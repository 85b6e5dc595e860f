/**
 * Answers a member in their language. Min side sends its language (Accept-Language) with every
 * request; the staff app and other clients send Norwegian or nothing, and get Norwegian. An
 * English request gets every message the catalogues below hold in English; a Norwegian one is
 * left exactly as the code wrote it.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { englishTranslator, languageOf, paired } from '../lib/language.ts';
import { carriesMessages, translateBody } from '../lib/message-body.ts';
import { HTTP_TEXTS } from '../lib/http-texts.ts';
import { RULE_MESSAGES, RULE_MESSAGES_EN } from '../schemas/rules.ts';
import { DOCUMENT_MESSAGES, DOCUMENT_MESSAGES_EN } from '../schemas/document-rules.ts';
import { CLAIM_MESSAGES, CLAIM_MESSAGES_EN } from '../schemas/claim-rules.ts';
import { ACCOUNT_TEXTS } from '../domain/accounts/account-texts.ts';
import { TRAVEL_RULE_TEXTS, TRAVEL_TEXTS } from '../domain/insurance/travel-texts.ts';
import { CLAIM_TEXTS } from '../domain/claims/claim-texts.ts';
import { PROOF_TEXTS } from '../domain/proof/proof-texts.ts';

const { tooLong: _claimTooLong, ...claimRuleMessages } = CLAIM_MESSAGES;

/** Every catalogue of messages a member can meet, one per area. */
export const MEMBER_CATALOGUES = [
  HTTP_TEXTS,
  paired(RULE_MESSAGES, RULE_MESSAGES_EN),
  ACCOUNT_TEXTS,
  TRAVEL_TEXTS,
  TRAVEL_RULE_TEXTS,
  paired(DOCUMENT_MESSAGES, DOCUMENT_MESSAGES_EN),
  paired(claimRuleMessages, CLAIM_MESSAGES_EN),
  CLAIM_TEXTS,
  PROOF_TEXTS,
] as const;

export const toEnglish = englishTranslator(MEMBER_CATALOGUES);

function appendVary(current: unknown, name: string): string {
  const names = String(current ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return names.some((part) => part.toLowerCase() === name.toLowerCase()) ? names.join(', ') : [...names, name].join(', ');
}

async function language(app: FastifyInstance) {
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (!carriesMessages(payload)) return done(null, payload);
    // The same address answers in either language, so a cache must tell them apart.
    reply.header('vary', appendVary(reply.getHeader('vary'), 'Accept-Language'));
    if (languageOf(request.headers['accept-language']) !== 'en') return done(null, payload);
    done(null, translateBody(payload, toEnglish));
  });
}

export default fp(language, { name: 'language' });
