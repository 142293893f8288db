import { useRef, useState } from 'react';
import { informationRequestFrom } from '@/lib/applicationStatus';
import type { TeamMember } from './api';
import { applicantSideApi, type ApplicationWithApplicantSide, type QuestionEmailPreview } from './applicantApi';
import { formatDateTime } from './format';
import { canReview } from './labels';
import { ActionNotice } from './Notice';
import { useFocusNext } from './useFocusNext';
import { ReviewSection } from './ReviewSection';
import { useTeamAction } from './useTeamData';
import styles from './team.module.css';
import { ConfirmRow } from './kit/ConfirmRow';
import { NoteField } from './kit/NoteField';
import { EmailPreview } from './kit/EmailPreview';
import { chosenLabels, correctableSections, CorrectionChooser, NO_CORRECTION, openedSummary, openFieldsOf, type CorrectionChoice } from './CorrectionChooser';

/** The server's cap on a question (src/api/contracts/teamInformation.ts, QUESTION_MAX). */
const QUESTION_MAX = 4000;

/**
 * "Pedir información": a question to the applicant, with the answers it opens for correction when
 * the member chooses some (or the whole application), previewed as the email it becomes (like the
 * decision email) with what it opens, and sent only from that preview; sending sets the status to
 * Información solicitada. A refused send keeps the question and the choice.
 */
export function InformationRequestPanel({ application, member, onSent }: { application: ApplicationWithApplicantSide; member: TeamMember; onSent: () => Promise<void> }) {
  const [question, setQuestion] = useState('');
  const [choice, setChoice] = useState<CorrectionChoice>(NO_CORRECTION);
  const [preview, setPreview] = useState<QuestionEmailPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, outcome, run } = useTeamAction();
  const focusNext = useFocusNext();
  const previewRef = useRef<HTMLDivElement>(null);
  const questionRef = useRef<HTMLTextAreaElement>(null);
  if (!canReview(member.role) || !application.status || !informationRequestFrom.includes(application.status)) return null;
  const sections = correctableSections(application.sections);
  const openFields = openFieldsOf(choice);

  const showPreview = () => {
    if (question.trim() === '') {
      setProblem('Escribe la pregunta antes de ver el correo.');
      return;
    }
    setProblem(null);
    void run(async () => {
      setPreview(await applicantSideApi.questionPreview(application.reference, question.trim(), openFields));
      focusNext(previewRef);
      return null;
    }, 'No pudimos preparar la vista previa. Inténtalo de nuevo.');
  };

  const send = () =>
    run(
      async () => {
        await applicantSideApi.questionSend(application.reference, question.trim(), openFields);
        setPreview(null);
        setQuestion('');
        setChoice(NO_CORRECTION);
        await onSent();
        const opened = openFields === undefined ? '' : ' La persona ya puede corregir las respuestas abiertas desde su página.';
        return { tone: 'success', text: `Enviamos la pregunta. La solicitud pasó a Información solicitada.${opened}` };
      },
      'No pudimos enviar la pregunta. Tu texto sigue aquí: inténtalo de nuevo.',
      () => setPreview(null),
    );

  return (
    <ReviewSection id="revision-pedir-informacion" title="Pedir información">
      {preview ? (
        <EmailPreview label="Vista previa del correo con la pregunta" subject={preview.subject} body={preview.body} regionRef={previewRef}>
          <p className={styles.openedSummary}>{openedSummary(sections, choice)}</p>
          <ConfirmRow
            confirmLabel="Enviar la pregunta"
            onConfirm={send}
            backLabel="Volver a editar"
            onBack={() => {
              setPreview(null);
              focusNext(questionRef);
            }}
            busy={busy}
          />
        </EmailPreview>
      ) : (
        <div className={styles.noteForm}>
          <NoteField
            id="pregunta-solicitante"
            errorId="pregunta-error"
            label="Pregunta para la persona solicitante"
            inputRef={questionRef}
            maxLength={QUESTION_MAX}
            value={question}
            onChange={setQuestion}
            error={problem}
          />
          {sections.length > 0 ? <CorrectionChooser sections={sections} choice={choice} onChange={setChoice} disabled={busy} /> : null}
          <button type="button" className={styles.secondaryButton} disabled={busy} onClick={showPreview}>
            Ver el correo con la pregunta
          </button>
        </div>
      )}
      <ActionNotice outcome={outcome} />
    </ReviewSection>
  );
}

/** The questions asked, oldest first, each with the applicant's answers and their files. */
export function ApplicantQuestions({ application }: { application: ApplicationWithApplicantSide }) {
  const requests = application.informationRequests ?? [];
  if (requests.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="preguntas-solicitante">
      <h2 id="preguntas-solicitante" className={styles.subtitle}>
        Preguntas a la persona solicitante
      </h2>
      <ol className={styles.notes}>
        {requests.map((request) => (
          <li key={request.id}>
            <p className={styles.timelineMeta}>
              Pregunta{request.askedBy ? <> de <span className={styles.breakAnywhere}>{request.askedBy}</span></> : null} ·{' '}
              <time dateTime={request.askedAt}>{formatDateTime(request.askedAt)}</time>
            </p>
            <p className={styles.noteBody}>{request.question}</p>
            {request.correction ? (
              <p className={styles.timelineMeta}>
                Abrió para corregir: {request.correction.wholeApplication ? 'toda la solicitud' : chosenLabels(application.sections, request.correction.fields).join(' · ')}
              </p>
            ) : null}
            {request.responses.length === 0 ? <p className={styles.muted}>Sin respuesta todavía.</p> : null}
            {request.responses.map((response) => (
              <div key={response.id} className={styles.paymentVersion}>
                <p className={styles.timelineMeta}>
                  Respuesta de la persona solicitante · <time dateTime={response.at}>{formatDateTime(response.at)}</time>
                </p>
                <p className={styles.noteBody}>{response.text}</p>
                {response.fileLink && response.fileName ? (
                  <p>
                    <a href={response.fileLink} download>
                      Descargar {response.fileName}
                    </a>
                  </p>
                ) : null}
              </div>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What the applicant said of the process (once, after a decision) and why they withdrew, when they did. */
export function ApplicantFeedback({ application }: { application: ApplicationWithApplicantSide }) {
  const { satisfaction, withdrawal } = application;
  if (!satisfaction && !withdrawal) return null;
  return (
    <ReviewSection id="revision-opinion" title="Lo que dijo la persona solicitante">
      {satisfaction ? (
        <>
          <p>
            Experiencia con el proceso: <strong>{satisfaction.rating} de 5</strong> · <time dateTime={satisfaction.at}>{formatDateTime(satisfaction.at)}</time>
          </p>
          {satisfaction.comment ? <p className={styles.noteBody}>{satisfaction.comment}</p> : null}
        </>
      ) : null}
      {withdrawal ? (
        <p>
          Retiró la solicitud el <time dateTime={withdrawal.at}>{formatDateTime(withdrawal.at)}</time>
          {withdrawal.reason ? <>. Motivo: {withdrawal.reason}</> : ', sin dar un motivo.'}
        </p>
      ) : null}
    </ReviewSection>
  );
}
