import Foundation
import SepiaImaging

/// The layout of one generated landscape, computed once from the seed and then drawn row
/// by row (rows are independent, so they can be drawn on several cores).
struct Scene: Sendable {
    typealias Color = SIMD3<Float>

    /// A house: a coloured wall with a darker roof, standing on the shore.
    struct House: Sendable {
        var left: Int, right: Int, wallTop: Int, roofTop: Int
        var wall: Color, roof: Color
    }

    /// A round tree crown.
    struct Tree: Sendable {
        var centerX: Float, centerY: Float, radius: Float
        var color: Color
    }

    let width: Int
    let height: Int
    let skyTop: Color
    let skyHorizon: Color
    let sunX: Float, sunY: Float, sunRadius: Float
    let sunColor: Color
    /// Row of each mountain layer's ridge, per column; far layers first.
    let ridges: [[Int]]
    let mountainColors: [Color]
    let shoreline: Int
    let water: Color
    let houses: [House]
    let trees: [Tree]
    let grainSeed: UInt32

    init(seed: UInt64, width: Int, height: Int) {
        var random = SplitMix64(seed: seed)
        func unit() -> Float { Float.random(in: 0..<1, using: &random) }
        func vivid() -> Color {
            let hue = unit() * 6
            let sector = Int(hue) % 6
            let fraction = hue - Float(Int(hue))
            let channels: [Color] = [
                [1, fraction, 0], [1 - fraction, 1, 0], [0, 1, fraction],
                [0, 1 - fraction, 1], [fraction, 0, 1], [1, 0, 1 - fraction],
            ]
            return channels[sector] * (150 + 105 * unit())
        }

        self.width = width
        self.height = height
        let w = Float(width), h = Float(height)
        skyTop = Color(20 + 60 * unit(), 40 + 80 * unit(), 120 + 120 * unit())
        skyHorizon = Color(200 + 55 * unit(), 120 + 110 * unit(), 60 + 120 * unit())
        sunX = w * (0.15 + 0.7 * unit())
        sunY = h * (0.12 + 0.2 * unit())
        sunRadius = min(w, h) * (0.04 + 0.05 * unit())
        sunColor = Color(255, 220 + 35 * unit(), 120 + 100 * unit())
        let shore = Int(h * (0.62 + 0.12 * unit()))
        shoreline = shore

        var ridges: [[Int]] = []
        var colors: [Color] = []
        for layer in 0..<3 {
            let base = h * (0.3 + 0.1 * Float(layer)) + h * 0.05 * unit()
            let amplitude = h * (0.12 - 0.03 * Float(layer))
            let waves = (0..<3).map { _ in (frequency: 1 + 6 * unit(), phase: 6.28 * unit(), weight: unit()) }
            let ridge = (0..<width).map { x -> Int in
                let t = Float(x) / w * 6.283
                let height = waves.reduce(Float(0)) { $0 + $1.weight * sin($1.frequency * t + $1.phase) }
                return min(Int(base - amplitude * height / 1.5), shore)
            }
            ridges.append(ridge)
            let shade = 0.45 + 0.2 * Float(layer)
            colors.append(Color(40 + 60 * unit(), 70 + 90 * unit(), 60 + 60 * unit()) * shade + vivid() * 0.15)
        }
        self.ridges = ridges
        mountainColors = colors
        water = Color(20 + 40 * unit(), 60 + 80 * unit(), 110 + 100 * unit())

        var houses: [House] = []
        for _ in 0..<(2 + Int(unit() * 4)) {
            let houseWidth = Int(w * (0.04 + 0.06 * unit()))
            let left = Int(w * unit() * 0.9)
            let wallHeight = Int(h * (0.04 + 0.06 * unit()))
            let wallTop = shore - wallHeight
            houses.append(
                House(
                    left: left, right: min(left + houseWidth, width),
                    wallTop: wallTop, roofTop: wallTop - houseWidth / 2,
                    wall: vivid(), roof: vivid() * 0.5
                ))
        }
        self.houses = houses
        trees = (0..<(4 + Int(unit() * 8))).map { _ in
            let radius = min(w, h) * (0.015 + 0.03 * unit())
            return Tree(
                centerX: w * unit(), centerY: Float(Int(h * 0.64)) - radius * 0.6 + h * 0.08 * unit(),
                radius: radius, color: Color(20 + 40 * unit(), 90 + 100 * unit(), 20 + 50 * unit())
            )
        }
        grainSeed = UInt32(truncatingIfNeeded: random.next())
    }

    /// Draws row `y` into `row`, which holds `width` RGBA pixels.
    func drawRow(_ y: Int, into row: UnsafeMutablePointer<UInt8>) {
        let fy = Float(y)
        for x in 0..<width {
            var color = baseColor(x: x, y: y)
            color = overlay(color, x: Float(x), y: fy, column: x, row: y)
            let grain = Float(Self.hash(UInt32(truncatingIfNeeded: x), UInt32(truncatingIfNeeded: y), grainSeed) & 15) - 7.5
            let final = (color + grain).clamped(lowerBound: .zero, upperBound: Color(repeating: 255))
            let offset = x * RGBAImage.bytesPerPixel
            row[offset] = UInt8(final.x)
            row[offset + 1] = UInt8(final.y)
            row[offset + 2] = UInt8(final.z)
        }
    }

    /// Sky, mountains or water, before houses, trees and the sun.
    private func baseColor(x: Int, y: Int) -> Color {
        if y >= shoreline {
            // The lake mirrors the landscape above the shore, darker and rippled.
            let depth = Float(y - shoreline) / Float(max(height - shoreline, 1))
            let ripple = Int(3 * sin(Float(y) * 0.35 + Float(x) * 0.01))
            let mirrored = min(max(2 * shoreline - y + ripple, 0), shoreline - 1)
            let reflection = baseColor(x: min(max(x + ripple, 0), width - 1), y: mirrored)
            return reflection * (0.45 - 0.2 * depth) + water * (0.55 + 0.2 * depth)
        }
        for layer in stride(from: ridges.count - 1, through: 0, by: -1) where y >= ridges[layer][x] {
            let shade = 1 - 0.35 * Float(y - ridges[layer][x]) / Float(max(shoreline - ridges[layer][x], 1))
            return mountainColors[layer] * shade
        }
        let t = Float(y) / Float(max(shoreline, 1))
        let dx = Float(x) - sunX, dy = Float(y) - sunY
        let glow = max(0, 1 - (dx * dx + dy * dy).squareRoot() / (sunRadius * 6))
        return skyTop * (1 - t) + skyHorizon * t + sunColor * (glow * glow * 0.5)
    }

    /// The sun's disc, houses and trees, drawn over the base.
    private func overlay(_ color: Color, x: Float, y: Float, column: Int, row: Int) -> Color {
        var result = color
        let dx = x - sunX, dy = y - sunY
        if dx * dx + dy * dy < sunRadius * sunRadius && row < ridges[0][column] {
            result = sunColor
        }
        for house in houses where column >= house.left && column < house.right {
            if row >= house.wallTop && row < shoreline {
                let window = (column - house.left) % 12 < 5 && (row - house.wallTop) % 14 < 6
                result = window ? Color(250, 230, 140) : house.wall
            } else if row >= house.roofTop && row < house.wallTop {
                let middle = (house.left + house.right) / 2
                let halfWidth = (house.right - house.left) / 2
                let rise = house.wallTop - row
                if abs(column - middle) <= halfWidth - rise { result = house.roof }
            }
        }
        for tree in trees {
            let tx = x - tree.centerX, ty = y - tree.centerY
            if tx * tx + ty * ty < tree.radius * tree.radius {
                result = tree.color * (0.8 + 0.4 * (ty / tree.radius < 0 ? 0.5 : 0))
            }
        }
        return result
    }

    /// A cheap, well-mixed hash for per-pixel grain.
    private static func hash(_ x: UInt32, _ y: UInt32, _ seed: UInt32) -> UInt32 {
        var h = x &* 0x9E37_79B1 ^ y &* 0x85EB_CA77 ^ seed
        h ^= h >> 15
        h = h &* 0x2C1B_3C6D
        h ^= h >> 12
        return h
    }
}
