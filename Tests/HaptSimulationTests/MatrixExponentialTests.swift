import Foundation
import Testing

import HaptSimulation

@Suite struct MatrixExponentialTests {
  @Test func rotationGeneratorGivesRotation() throws {
    let theta = 2.5
    let e = try #require(SquareMatrix(rows: [[0, -theta], [theta, 0]]).exponential())
    #expect(abs(e[0, 0] - cos(theta)) < 1e-14)
    #expect(abs(e[0, 1] + sin(theta)) < 1e-14)
    #expect(abs(e[1, 0] - sin(theta)) < 1e-14)
    #expect(abs(e[1, 1] - cos(theta)) < 1e-14)
  }

  @Test func nilpotentBlockGivesPolynomial() throws {
    // exp of a 3x3 Jordan block with zero eigenvalue: I + N + N^2/2.
    let e = try #require(SquareMatrix(rows: [[0, 1, 0], [0, 0, 1], [0, 0, 0]]).exponential())
    let expected: [Double] = [1, 1, 0.5, 0, 1, 1, 0, 0, 1]
    for (a, b) in zip(e.elements, expected) { #expect(abs(a - b) < 1e-15) }
  }

  @Test(arguments: [0.1, 3.0, 40.0, 900.0])
  func diagonalWithScalingAndSquaring(scale: Double) throws {
    // Large norms take the scaling-and-squaring path.
    let e = try #require(SquareMatrix(rows: [[-scale, 0], [0, scale / 100]]).exponential())
    #expect(abs(e[0, 0] - exp(-scale)) <= 1e-13 * Swift.max(exp(-scale), 1e-300) + 1e-300)
    #expect(abs(e[1, 1] - exp(scale / 100)) <= 1e-13 * exp(scale / 100))
    #expect(e[0, 1] == 0 && e[1, 0] == 0)
  }

  @Test func nonFiniteInputHasNoExponential() {
    #expect(SquareMatrix(rows: [[.nan, 0], [0, 1]]).exponential() == nil)
    #expect(SquareMatrix(rows: [[1e300, 0], [0, 1]]).exponential() == nil)
  }

  /// Phi, G0 and G1 of the first-order-hold discretisation against an independent
  /// computation: eigen-decomposition of the 3x3 A in 50-digit arithmetic (mpmath), with
  /// the per-eigenvalue closed forms `(e^(lh) - 1)/l` and `(e^(lh) - 1 - lh)/(l^2 h)`.
  /// Reference numbers generated once by a throwaway Python script and committed here.
  struct Reference: Sendable, CustomTestStringConvertible {
    let name: String
    let parameters: LRAParameters
    let phi: [Double]
    let g0: [Double]
    let g1: [Double]
    var testDescription: String { name }
  }

  static let references: [Reference] = [
    Reference(
      name: "iphone", parameters: Fixtures.iphoneLRA,
      phi: [
        0.99127196979929350981, 0.00012089052571999644374, 1.3646569355539995264e-6,
        -137.93608984651593944, 0.92964592178373453434, 0.01171797087567648434,
        31.141471269342267701, -0.23435941751352968044, -0.0029067709782249527097,
      ],
      g0: [7.855999821690815875e-7, 0.01364656935553999461, 0.12195170403339312044],
      g1: [2.4206102411429608505e-7, 0.0062847998573526527, 0.1112336296323225242]),
    Reference(
      name: "android", parameters: Fixtures.androidLRA,
      phi: [
        0.98328023602903707671, 0.00012136072080588463197, 8.5708075734510007766e-7,
        -264.58144722276709998, 0.93599126670022393544, 0.0072875810952085694078,
        30.083534582813011284, -0.11733005563285796934, -0.00090012320141538441822,
      ],
      g0: [4.9755562485587763839e-7, 0.0085708075734510003659, 0.11014453541323891812],
      g1: [1.5439726666453614107e-7, 0.0039804449988470211072, 0.10082514147452224414]),
  ]

  @Test(arguments: references)
  func lraDiscretisationMatchesEigenDecomposition(_ reference: Reference) throws {
    let model = try #require(
      LRAModel(parameters: reference.parameters, bodyMass_kg: 0.174, sampleRate_Hz: 8000))
    let hold = model.discretisation
    for (computed, expected) in zip(hold.phi + hold.g0 + hold.g1, reference.phi + reference.g0 + reference.g1) {
      #expect(abs(computed - expected) <= 1e-12 * abs(expected), "\(computed) vs \(expected)")
    }
  }
}
