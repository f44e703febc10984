import Foundation
import HaptCore
import Testing

import HaptSignals

/// A minimal RIFF/WAVE file with 16-bit PCM samples, byte by byte (for headers a writer
/// would never produce).
func pcm16WAV(channels: UInt16, sampleRate: UInt32, frames: [Int16]) -> [UInt8] {
  var bytes: [UInt8] = []
  func u32(_ v: UInt32) { bytes += withUnsafeBytes(of: v.littleEndian) { Array($0) } }
  func u16(_ v: UInt16) { bytes += withUnsafeBytes(of: v.littleEndian) { Array($0) } }
  let dataBytes = UInt32(frames.count * 2)
  bytes += Array("RIFF".utf8)
  u32(36 + dataBytes)
  bytes += Array("WAVE".utf8)
  bytes += Array("fmt ".utf8)
  u32(16)
  u16(1)  // PCM
  u16(channels)
  u32(sampleRate)
  u32(sampleRate * UInt32(channels) * 2)
  u16(channels * 2)
  u16(16)
  bytes += Array("data".utf8)
  u32(dataBytes)
  for sample in frames { u16(UInt16(bitPattern: sample)) }
  return bytes
}

/// Writes `bytes` to `path`.
func writeBytes(_ bytes: [UInt8], to path: String) throws {
  try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Reads the bytes of `path`.
func readBytes(_ path: String) throws -> [UInt8] {
  [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// The InputError thrown by `body`; nil if it threw nothing. Any other error type is
/// recorded as a test failure.
func thrownInputError(_ body: () throws -> Void) -> InputError? {
  do {
    try body()
    return nil
  } catch let error as InputError {
    return error
  } catch {
    Issue.record("unexpected error type \(type(of: error)): \(error)")
    return nil
  }
}
