import Foundation

/// Dates as HTTP writes them (RFC 9110 §5.6.7): the preferred IMF-fixdate
/// ("Sun, 06 Nov 1994 08:49:37 GMT") and the two obsolete forms a recipient must still read,
/// RFC 850's ("Sunday, 06-Nov-94 08:49:37 GMT") and C's asctime ("Sun Nov  6 08:49:37 1994").
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The moment `text` names, or nil when it is none of the three forms.
    static func parse(_ text: String) -> Date? {
        let fields = text.split(whereSeparator: { " ,-:\t".contains($0) }).map(String.init)
        let day: String
        let month: String
        let year: String
        let time: ArraySlice<String>
        switch fields.count {
        case 8 where fields[7] == "GMT":  // IMF-fixdate or RFC 850
            (day, month, year, time) = (fields[1], fields[2], fields[3], fields[4...6])
        case 7:  // asctime
            (day, month, year, time) = (fields[2], fields[1], fields[6], fields[3...5])
        default:
            return nil
        }
        guard let monthIndex = months.firstIndex(of: month.lowercased()),
            let dayNumber = Int(day), (1...31).contains(dayNumber),
            var yearNumber = Int(year), year.count == 2 || year.count == 4
        else { return nil }
        let clock = time.compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        let (hour, minute, second) = (clock[0], clock[1], clock[2])
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        // RFC 850's two-digit years: RFC 9110 reads one more than 50 years ahead as the past
        // century's; with today's dates that is 70 and above.
        if year.count == 2 { yearNumber += yearNumber >= 70 ? 1900 : 2000 }
        let days = daysSinceEpoch(year: yearNumber, month: monthIndex + 1, day: dayNumber)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
