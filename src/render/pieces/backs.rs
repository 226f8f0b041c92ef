//! Which imposed sheets get a duplex back page. A duplex printer prints every other page on the
//! back of the sheet before it, so a back page can only be left out where no printed back comes
//! after it: a document in which no sheet has a back gets none, an empty back between two printed
//! ones stays (empty but for its crop marks and footer), and the empty backs at the end go.
//! `--blank-backs` keeps a back page behind every sheet, for print shops that duplex every sheet.

/// For each sheet, whether it gets a back page, given whether each sheet has a face on its back
/// (`has_back`) and whether every sheet must have one (`blank_backs`).
pub(crate) fn back_pages(has_back: &[bool], blank_backs: bool) -> Vec<bool> {
    let last = has_back.iter().rposition(|&b| b);
    (0..has_back.len()).map(|n| blank_backs || last.is_some_and(|last| n <= last)).collect()
}

#[cfg(test)]
mod tests {
    use super::back_pages;

    #[test]
    fn a_document_without_backs_gets_no_back_pages() {
        assert_eq!(back_pages(&[false, false], false), [false, false]);
    }

    #[test]
    fn an_empty_back_between_printed_backs_stays_and_trailing_ones_go() {
        let has = [false, true, false, true, false, false];
        assert_eq!(back_pages(&has, false), [true, true, true, true, false, false]);
    }

    #[test]
    fn blank_backs_give_every_sheet_a_back_page() {
        assert_eq!(back_pages(&[false, true, false], true), [true, true, true]);
        assert_eq!(back_pages(&[false], true), [true]);
    }

    #[test]
    fn every_sheet_with_a_back_gets_its_page() {
        assert_eq!(back_pages(&[true, true, true], false), [true, true, true]);
    }
}
