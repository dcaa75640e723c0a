import { Route, Routes } from 'react-router';
import { StudioHome } from './studio-home';
import { StudioTopic } from './studio-topic';

/** The studio's screens under /studio (app/routes.tsx gives it /studio/*). */
export function StudioRoutes() {
  return (
    <Routes>
      <Route index element={<StudioHome />} />
      <Route path="topic/:topicId" element={<StudioTopic />} />
      <Route path="*" element={<StudioHome />} />
    </Routes>
  );
}
