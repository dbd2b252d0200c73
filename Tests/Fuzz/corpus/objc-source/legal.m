#import <UIKit/UIKit.h>

@interface LegalViewController : UIViewController
@end

@implementation LegalViewController

- (IBAction)back:(id)sender {
    [self.navigationController popViewControllerAnimated:YES];
}

- (void)home {
    [self.navigationController popToRootViewControllerAnimated:YES];
}

- (void)openWelcome {
    [self performSegueWithIdentifier:@"showWelcome" sender:self];
}

@end
