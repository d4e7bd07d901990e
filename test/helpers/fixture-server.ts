/** A test server with the fixture archive imported and serving (real importer, real HTTP). */
import { openSnapshot } from '../../runtime/db/database.ts'
import { importFixture } from './fixture-snapshot.ts'
import { startTestServer, type TestServer, type TestServerOptions } from './server.ts'

export const startFixtureServer = async (options: TestServerOptions = {}): Promise<TestServer> => {
  const server = startTestServer(options)
  const fixture = await importFixture()
  server.ctx.database.swap(openSnapshot(fixture.directory, 'db-fixture'))
  return {
    ...server,
    stop: async () => {
      await server.stop()
      fixture.remove()
    },
  }
}
