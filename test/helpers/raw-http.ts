/** One HTTP/1.1 request written byte for byte on a loopback socket (for headers fetch() would not send). */
import { connect } from 'node:net'

export interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
  /** Bytes received in all. */
  bytes: number
}

/** Sends `head` (request line and headers, without the blank line) and `body`; the connection is closed after one answer. */
export const rawRequest = (port: number, head: string, body = ''): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')))
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1')
      const [headText = '', ...rest] = text.split('\r\n\r\n')
      const [statusLine = '', ...headerLines] = headText.split('\r\n')
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      )
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n'), bytes: text.length })
    })
    socket.write(`${head}\r\nConnection: close\r\n\r\n${body}`)
  })
