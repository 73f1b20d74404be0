import { Link } from 'react-router';

export const notFoundTexts = {
  heading: 'Page not found',
  body: 'The page you were looking for does not exist.',
  home: 'Go to the home page',
} as const;

export function NotFoundPage() {
  return (
    <div className="page">
      <h1 className="page__title">{notFoundTexts.heading}</h1>
      <p>{notFoundTexts.body}</p>
      <Link to="/">{notFoundTexts.home}</Link>
    </div>
  );
}
