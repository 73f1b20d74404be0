import { Card, Table, Tag } from 'antd';
import { analysisMessages, type QuestionAnalysis, type TextAnswer } from '@planning/shared';
import { formatShare } from '../analysisFilters';
import { BarChart } from './BarChart';

const typeLabels: Record<QuestionAnalysis['type'], string> = {
  radioQuestion: 'Single choice',
  checkboxQuestion: 'Multiple choice',
  dropdownQuestion: 'Drop-down',
  textQuestion: 'Text',
};
const kindLabels: Record<TextAnswer['kind'], string> = {
  answer: 'Answer',
  conditional: 'Reason given',
  siteComment: 'Site comment',
};

const answeredAt = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** One question's answers: a chart with its table of counts and shares, or the newest texts. */
export function QuestionCard({ question }: { question: QuestionAnalysis }) {
  const headingId = `analysis-question-${question.id}`;
  const textTitle = question.kind === 'text' ? 'Latest answers' : 'Comments';
  return (
    <Card
      className="analysis-question"
      role="region"
      aria-labelledby={headingId}
      title={
        <span className="analysis-question__title">
          <h3 id={headingId}>{question.title}</h3>
          <span className="analysis-question__meta">
            <Tag>{typeLabels[question.type]}</Tag>
            {question.siteQuestion && <Tag>About a site</Tag>}
            <span>{plural(question.answerCount, 'answer')}</span>
          </span>
        </span>
      }
    >
      {question.answerCount === 0 ? (
        <p className="analysis-empty">{analysisMessages.noAnswers}</p>
      ) : (
        <>
          {question.kind === 'choice' && (
            <div className="analysis-question__choice">
              <BarChart
                title={question.title}
                bars={question.options.map((option) => ({
                  label: option.retired ? `${option.title} (no longer an option)` : option.title,
                  value: option.count,
                  note: formatShare(option.share),
                }))}
              />
              <Table
                size="small"
                rowKey="title"
                pagination={false}
                aria-label={`Answers to ${question.title}`}
                dataSource={question.options}
                columns={[
                  {
                    title: 'Option',
                    dataIndex: 'title',
                    render: (title: string, option) =>
                      option.retired ? `${title} (no longer an option)` : title,
                  },
                  { title: 'Answers', dataIndex: 'count', align: 'right' },
                  {
                    title: 'Share',
                    dataIndex: 'share',
                    align: 'right',
                    render: (share: number) => formatShare(share),
                  },
                ]}
              />
            </div>
          )}
          {question.sites.length > 0 && (
            <Table
              className="analysis-question__sites"
              size="small"
              rowKey="siteId"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              aria-label={`Answers per site to ${question.title}`}
              dataSource={question.sites}
              columns={[
                { title: 'Site', dataIndex: 'siteName' },
                { title: 'Answers', dataIndex: 'count', align: 'right' },
              ]}
            />
          )}
          {question.latestText.length > 0 && (
            <div className="analysis-question__texts">
              <h4>
                {textTitle}{' '}
                <span className="analysis-question__count">
                  {question.textCount > question.latestText.length
                    ? `the newest ${question.latestText.length} of ${question.textCount}`
                    : `(${question.textCount})`}
                </span>
              </h4>
              <Table
                size="small"
                rowKey={(row) => `${row.answeredAt}-${row.kind}-${row.text.slice(0, 40)}`}
                pagination={false}
                aria-label={`${textTitle}: ${question.title}`}
                dataSource={question.latestText}
                columns={[
                  { title: 'Text', dataIndex: 'text', className: 'analysis-question__text' },
                  ...(question.kind === 'choice'
                    ? [
                        {
                          title: 'Kind',
                          dataIndex: 'kind',
                          render: (kind: TextAnswer['kind']) => kindLabels[kind],
                        },
                      ]
                    : []),
                  ...(question.siteQuestion ? [{ title: 'Site', dataIndex: 'siteName' }] : []),
                  { title: 'Answered', dataIndex: 'answeredAt', render: answeredAt, width: 170 },
                ]}
              />
            </div>
          )}
        </>
      )}
    </Card>
  );
}
